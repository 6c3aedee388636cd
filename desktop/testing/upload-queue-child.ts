/**
 * A desktop main process that gets killed mid-upload (upload-queue.test.ts): it queues every
 * file named in UPLOAD_CHILD (JSON) and sends them slowly, until the test kills it with SIGKILL,
 * as a user quitting (or a crash) would stop the app. Nothing here says goodbye: what the next
 * start finds is what the queue file held at that moment.
 */
import { createUploadQueue } from '../main/uploads/upload-queue';
import { countingHttpStack } from './counting-http-stack';

interface ChildOptions {
  queueFile: string;
  storageUrl: string;
  token: string;
  accountId: string;
  files: { path: string; name: string; type: string }[];
  chunkSize: number;
  delayMs: number;
}

const options = JSON.parse(process.env.UPLOAD_CHILD ?? '{}') as ChildOptions;
const queue = createUploadQueue({
  filePath: options.queueFile,
  storageUrl: async () => options.storageUrl,
  getAccessToken: async () => options.token,
  getAccountId: async () => options.accountId,
  httpStack: countingHttpStack({ delayMs: options.delayMs }),
  chunkSize: options.chunkSize,
});
await queue.add(options.files, null);
process.stdout.write('queued\n');
await queue.idle();
process.stdout.write('finished\n');
// Stay alive like an app window would, until killed.
setInterval(() => {}, 60_000);
