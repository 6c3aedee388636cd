/**
 * Binds every invoke channel of the contract to its service, with the zod schema of its
 * arguments. Services are plain modules; this file is the only place that knows both.
 */
import type { WebContents } from 'electron';
import { z } from 'zod';
import type { AppInfo } from '../../common/ipc-contract';
import type { DesktopAuth } from '../auth/desktop-auth';
import type { ArchiveDownloader } from '../downloads/archive-download';
import type { ImagePicker } from '../files/image-picker';
import { isSafeExternalUrl } from '../security';
import {
  storageKeySchema,
  storageValueSchema,
  type SettingsStore,
} from '../storage/settings-store';
import type { Uploader } from '../uploads/uploader';
import { sendEvent, type TypedIpc } from './typed-ipc';

export interface Services {
  auth: DesktopAuth;
  picker: ImagePicker;
  uploader: Uploader;
  downloader: ArchiveDownloader;
  settings: SettingsStore;
  openExternal: (url: string) => Promise<void>;
  appInfo: AppInfo;
}

const operationId = z.string().uuid();
const url = z.string().min(1).max(8192);
const noArgs = z.tuple([]);

export function registerHandlers(ipc: TypedIpc, services: Services): void {
  ipc.handle('photo:auth:sign-in', z.tuple([z.string().max(2048).optional()]), () =>
    services.auth.signIn(),
  );
  ipc.handle('photo:auth:sign-out', noArgs, () => services.auth.signOut());
  ipc.handle('photo:auth:get-access-token', noArgs, () => services.auth.getAccessToken());
  ipc.handle('photo:auth:get-id-token-claims', noArgs, () => services.auth.getIdTokenClaims());

  ipc.handle('photo:files:pick-images', noArgs, () => services.picker.pickImages());
  ipc.handle(
    'photo:files:upload',
    z.tuple([
      operationId,
      z.array(z.string().uuid()).min(1).max(10_000),
      z.object({ albumId: z.string().min(1).max(200).nullable() }),
    ]),
    (event, id, handles, target) =>
      services.uploader.uploadFiles(handles, target, (progress) =>
        sendEvent(event.sender as WebContents, 'photo:files:upload-progress', id, progress),
      ),
  );

  ipc.handle(
    'photo:downloads:save-archive',
    z.tuple([operationId, url, z.string().min(1).max(1024)]),
    (event, id, archiveUrl, fileName) =>
      services.downloader.saveArchive(archiveUrl, fileName, (progress) =>
        sendEvent(event.sender as WebContents, 'photo:downloads:progress', id, progress),
      ),
  );

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
    'photo:shell:open-external',
    z.tuple([url.refine(isSafeExternalUrl, 'only http(s) and mailto URLs may be opened')]),
    (_event, target) => services.openExternal(target),
  );
  ipc.handle('photo:app:info', noArgs, () => services.appInfo);
}
