/**
 * A desktop main process that gets killed while a watched folder uploads
 * (watched-folders.test.ts): it watches the folder named in WATCH_CHILD (JSON) through the real
 * upload queue, sending slowly, until the test kills it with SIGKILL. What the next start finds
 * is what the queue file and the watch file held at that moment.
 */
import path from 'node:path';
import { createUploadQueue } from '../main/uploads/upload-queue';
import { createAlbumClient } from '../main/watch/album-client';
import { createWatchStore } from '../main/watch/watch-store';
import { createWatchedFolders } from '../main/watch/watched-folders';
import { countingHttpStack } from './counting-http-stack';

interface ChildOptions {
  userDataDir: string;
  folder: string;
  serverOrigin: string;
  token: string;
  accountId: string;
  chunkSize: number;
  delayMs: number;
}

const options = JSON.parse(process.env.WATCH_CHILD ?? '{}') as ChildOptions;
const queue = createUploadQueue({
  filePath: path.join(options.userDataDir, 'upload-queue.json'),
  storageUrl: async () => `${options.serverOrigin}/api/storage`,
  getAccessToken: async () => options.token,
  getAccountId: async () => options.accountId,
  httpStack: countingHttpStack({ delayMs: options.delayMs }),
  chunkSize: options.chunkSize,
});
const watched = createWatchedFolders({
  store: createWatchStore(path.join(options.userDataDir, 'watched-folders.json')),
  queue,
  albums: createAlbumClient({
    photoApiUrl: async () => `${options.serverOrigin}/api/photo`,
    getAccessToken: async () => options.token,
  }),
  getAccountId: async () => options.accountId,
  showOpenDialog: async () => ({ canceled: false, filePaths: [options.folder] }),
  stableMs: 100,
  checkIntervalMs: 200,
});
await watched.start();
await watched.add('library');
process.stdout.write('watching\n');
// Stay alive like the app would, until killed.
setInterval(() => {}, 60_000);
