/**
 * The desktop `Platform` (docs/architecture.md "Platform seam") on top of the preload bridge.
 * Everything privileged happens in main; this file adapts shapes and drives the renderer's own
 * UI (desktop-ui-store.ts). Core's storage API is synchronous, so storage is a mirror filled from
 * main once at startup (`storage.load()` before the first render) whose writes are sent on to
 * main in order.
 */
import type { PickedFile, Platform } from '@photo/core/platform/platform';
import { uploadFileSchema } from '@photo/core/transfer/upload-model';
import { z } from 'zod/mini';
import type { DesktopBridge, PickedImage, StorageSnapshot } from '../common/ipc-contract';
import type { DesktopUi } from './desktop-ui-store';

declare global {
  interface Window {
    /** Defined by desktop/preload/index.ts via `contextBridge.exposeInMainWorld`. */
    photoDesktop?: DesktopBridge;
  }
}

export function getBridge(): DesktopBridge {
  const bridge = window.photoDesktop;
  if (!bridge) throw new Error('The desktop bridge is missing: the preload script did not run');
  return bridge;
}

const uploadFilesSchema = z.array(uploadFileSchema);

function reportBridgeError(what: string) {
  return (error: unknown) => console.error(`desktop ${what} failed`, error);
}

/** Core's picked file: the bytes stay in main, `path` is main's opaque handle. */
function toPickedFile(image: PickedImage): PickedFile {
  return { name: image.name, type: image.type, size: image.size, path: image.handle };
}

/** An app path to come back to after sign-in; anything else goes home. */
function appPath(returnTo: string | undefined): string {
  return returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
}

/** Resolves never: the page is being replaced (like the web app's redirect to the provider). */
const leaving = () => new Promise<never>(() => {});

export function createDesktopPlatform(
  bridge: DesktopBridge,
  snapshot: StorageSnapshot,
  ui: DesktopUi,
  location: Pick<Location, 'assign'> = window.location,
): Platform {
  const mirror = new Map(Object.entries(snapshot));

  return {
    platformName: 'desktop',
    auth: {
      // The desktop receives the redirect on its loopback listener in main: nothing to do here.
      handleRedirect: () => Promise.resolve(),
      // Sign-in happens in the system browser; the window shows what to do until it is done,
      // then starts the app again where the user wanted to go.
      signIn: async (returnTo) => {
        await ui.waitForSignIn();
        location.assign(appPath(returnTo));
        return leaving();
      },
      // Revokes and deletes the tokens in main, then shows the signed-out (sign-in) screen.
      signOut: async () => {
        await bridge.auth.signOut();
        location.assign('/');
        return leaving();
      },
      getAccessToken: () => bridge.auth.getAccessToken(),
      getIdTokenClaims: () => bridge.auth.getIdTokenClaims(),
      onSessionAbandoned: (listener) => bridge.auth.onSessionAbandoned(listener),
    },
    files: {
      pickImages: async () => (await bridge.files.pickImages()).map(toPickedFile),
      pickFolder: async () => (await bridge.files.pickFolder()).map(toPickedFile),
      // Main's files are checked against the upload model as they cross into the page.
      uploadFiles: async (handles, target, onProgress) =>
        uploadFilesSchema.parse(
          await bridge.files.uploadFiles(handles, target, (files) =>
            onProgress(uploadFilesSchema.parse(files)),
          ),
        ),
      cancelUploads: () => bridge.uploads.cancel(),
    },
    downloads: {
      // Saved by main straight to disk; a cancelled Save dialog is the user's choice, not an error.
      saveArchive: (url, fileName, onProgress) => ui.save('archive', url, fileName, onProgress),
      saveFile: (url, suggestedName, onProgress) => ui.save('file', url, suggestedName, onProgress),
    },
    storage: {
      get: (key) => mirror.get(key) ?? null,
      set: (key, value) => {
        mirror.set(key, value);
        bridge.storage.set(key, value).catch(reportBridgeError('storage.set'));
      },
      remove: (key) => {
        mirror.delete(key);
        bridge.storage.remove(key).catch(reportBridgeError('storage.remove'));
      },
      isAvailable: () => true,
    },
    openExternal: (url) => {
      bridge.openInBrowser(url).catch(reportBridgeError('opening the browser'));
    },
  };
}
