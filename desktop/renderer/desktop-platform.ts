/**
 * The desktop `Platform` (docs/architecture.md "Platform seam") on top of the preload bridge.
 * Everything privileged happens in main; this file only adapts shapes. Core's storage API is
 * synchronous, so storage is a mirror filled from main once at startup (`storage.load()` before
 * the first render) whose writes are sent on to main in order.
 */
import type { PickedFile, Platform } from '@photo/core/platform/platform';
import type { DesktopBridge, StorageSnapshot } from '../common/ipc-contract';

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

function reportBridgeError(what: string) {
  return (error: unknown) => console.error(`desktop ${what} failed`, error);
}

export function createDesktopPlatform(bridge: DesktopBridge, snapshot: StorageSnapshot): Platform {
  const mirror = new Map(Object.entries(snapshot));

  return {
    platformName: 'desktop',
    auth: {
      // The desktop receives the redirect on its loopback server in main: nothing to do here.
      handleRedirect: () => Promise.resolve(),
      signIn: (returnTo) => bridge.auth.signIn(returnTo),
      signOut: () => bridge.auth.signOut(),
      getAccessToken: () => bridge.auth.getAccessToken(),
      getIdTokenClaims: () => bridge.auth.getIdTokenClaims(),
      onSessionAbandoned: (listener) => bridge.auth.onSessionAbandoned(listener),
    },
    files: {
      pickImages: async (): Promise<PickedFile[]> =>
        (await bridge.files.pickImages()).map((image) => ({
          name: image.name,
          type: image.type,
          size: image.size,
          path: image.handle,
        })),
      uploadFiles: (handles, target, onProgress) =>
        bridge.files.uploadFiles(handles, target, onProgress),
    },
    downloads: {
      // A cancelled save dialog is the user's choice, not an error.
      saveArchive: async (url, fileName, onProgress) => {
        await bridge.downloads.saveArchive(url, fileName, onProgress);
      },
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
      bridge.openExternal(url).catch(reportBridgeError('openExternal'));
    },
  };
}
