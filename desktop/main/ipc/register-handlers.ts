/**
 * Binds every invoke channel of the contract to its service, with the zod schema of its
 * arguments. Services are plain modules; this file is the only place that knows both.
 */
import type { WebContents } from 'electron';
import { z } from 'zod';
import type { AppInfo, DesktopTexts } from '../../common/ipc-contract';
import type { DesktopAuth } from '../auth/desktop-auth';
import type { Downloader } from '../downloads/downloader';
import type { Exporter } from '../export/exporter';
import { MAX_FOLDER_IMAGES, type ImagePicker } from '../files/image-picker';
import { isSafeExternalUrl, type OpenInBrowser } from '../security';
import {
  storageKeySchema,
  storageValueSchema,
  type SettingsStore,
} from '../storage/settings-store';
import type { UploadQueue } from '../uploads/upload-queue';
import type { Uploader } from '../uploads/uploader';
import type { WatchedFolders } from '../watch/watched-folders';
import { watchTargetSchema } from '../watch/watch-store';
import { sendEvent, type TypedIpc } from './typed-ipc';

export interface Services {
  auth: DesktopAuth;
  picker: ImagePicker;
  uploader: Uploader;
  uploadQueue: UploadQueue;
  watchedFolders: WatchedFolders;
  downloader: Downloader;
  exporter: Exporter;
  settings: SettingsStore;
  openInBrowser: OpenInBrowser;
  /** Electron's `shell.showItemInFolder`. */
  showItemInFolder: (filePath: string) => void;
  appInfo: () => AppInfo;
  texts: () => Promise<DesktopTexts>;
}

const operationId = z.string().uuid();
const watchId = z.string().uuid();
const url = z.string().min(1).max(8192);
const noArgs = z.tuple([]);
/** Ids travel inside multipart bodies and URLs: no separators, quotes or line breaks. */
const albumId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'albumId holds letters, digits, - and _ only');

export class UnknownOperationError extends Error {
  override name = 'UnknownOperationError';
}

export function registerHandlers(ipc: TypedIpc, services: Services): void {
  ipc.handle('photo:auth:sign-in', noArgs, () => services.auth.signIn());
  ipc.handle('photo:auth:cancel-sign-in', noArgs, () => services.auth.cancelSignIn());
  ipc.handle('photo:auth:sign-out', noArgs, () => services.auth.signOut());
  ipc.handle('photo:auth:get-access-token', noArgs, () => services.auth.getAccessToken());
  ipc.handle('photo:auth:get-id-token-claims', noArgs, () => services.auth.getIdTokenClaims());

  ipc.handle('photo:files:pick-images', noArgs, () => services.picker.pickImages());
  ipc.handle('photo:files:pick-folder', noArgs, () => services.picker.pickFolder());
  ipc.handle(
    'photo:files:upload',
    z.tuple([
      operationId,
      // As many as one folder pick may give.
      z.array(z.string().uuid()).min(1).max(MAX_FOLDER_IMAGES),
      z.object({ albumId: albumId.nullable() }).strict(),
    ]),
    (event, id, handles, target) =>
      services.uploader.uploadFiles(handles, target, (progress) =>
        sendEvent(event.sender as WebContents, 'photo:files:upload-progress', id, progress),
      ),
  );
  ipc.handle('photo:uploads:resume', noArgs, () => services.uploadQueue.resume());
  ipc.handle('photo:uploads:retry-failed', noArgs, () => services.uploadQueue.retryFailed());
  ipc.handle('photo:uploads:cancel', noArgs, () => services.uploadQueue.cancel());
  ipc.handle('photo:uploads:clear', noArgs, () => services.uploadQueue.clear());

  // Folders come from main's own dialog: the renderer names only where photos go, and ids.
  ipc.handle('photo:watch:list', noArgs, () => services.watchedFolders.list());
  ipc.handle('photo:watch:add', z.tuple([watchTargetSchema]), (_event, target) =>
    services.watchedFolders.add(target),
  );
  ipc.handle('photo:watch:pause', z.tuple([watchId]), (_event, id) =>
    services.watchedFolders.pause(id),
  );
  ipc.handle('photo:watch:resume', z.tuple([watchId]), (_event, id) =>
    services.watchedFolders.resume(id),
  );
  ipc.handle('photo:watch:remove', z.tuple([watchId]), (_event, id) =>
    services.watchedFolders.remove(id),
  );
  // No arguments: the folder comes from main's own dialog, never from the renderer.
  ipc.handle('photo:export:resume', noArgs, () => services.exporter.resume());
  ipc.handle('photo:export:choose-folder', noArgs, () => services.exporter.chooseFolder());
  ipc.handle('photo:export:start', noArgs, () => services.exporter.start());
  ipc.handle('photo:export:pause', noArgs, () => services.exporter.pause());
  ipc.handle('photo:export:show-in-folder', noArgs, () => services.exporter.showInFolder());
  ipc.handle('photo:export:set-album-folders', z.tuple([z.boolean()]), (_event, on) =>
    services.exporter.setAlbumFolders(on),
  );

  ipc.handle(
    'photo:downloads:save',
    z.tuple([
      operationId,
      z
        .object({
          kind: z.enum(['archive', 'file']),
          url,
          fileName: z.string().min(1).max(1024),
        })
        .strict(),
    ]),
    (event, id, request) =>
      services.downloader.save(id, request, (progress) =>
        sendEvent(event.sender as WebContents, 'photo:downloads:progress', id, progress),
      ),
  );
  ipc.handle('photo:downloads:cancel', z.tuple([operationId]), (_event, id) =>
    services.downloader.cancel(id),
  );
  ipc.handle('photo:downloads:show-in-folder', z.tuple([operationId]), (_event, id) => {
    const saved = services.downloader.savedPath(id);
    if (!saved) throw new UnknownOperationError('No file was saved under this operation id');
    services.showItemInFolder(saved);
  });

  ipc.handle('photo:storage:load', noArgs, () => services.settings.load());
  ipc.handle(
    'photo:storage:set',
    z.tuple([storageKeySchema, storageValueSchema]),
    (_event, key, value) => services.settings.set(key, value),
  );
  ipc.handle('photo:storage:remove', z.tuple([storageKeySchema]), (_event, key) =>
    services.settings.remove(key),
  );

  ipc.handle(
    'photo:shell:open-in-browser',
    z.tuple([url.refine(isSafeExternalUrl, 'only http(s) URLs may be opened')]),
    (_event, target) => services.openInBrowser(target),
  );
  ipc.handle('photo:app:info', noArgs, () => services.appInfo());
  ipc.handle('photo:app:texts', noArgs, () => services.texts());
}
