import type { PlatformStorage } from '@photo/core/platform/platform';

/**
 * `localStorage` behind the platform seam. Every access is guarded: with site data blocked the
 * browser throws on `localStorage` itself, and `isAvailable` is what shows the cookie-blocked page.
 */
export function createWebStorage(
  getStorage: () => Storage = () => window.localStorage,
): PlatformStorage {
  return {
    get(key) {
      try {
        return getStorage().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        getStorage().setItem(key, value);
      } catch (error) {
        console.warn(`Could not store ${key}`, error);
      }
    },
    remove(key) {
      try {
        getStorage().removeItem(key);
      } catch {
        // Nothing stored, nothing to remove.
      }
    },
    isAvailable() {
      const probe = '__storage_probe__';
      try {
        const storage = getStorage();
        storage.setItem(probe, probe);
        const readBack = storage.getItem(probe);
        storage.removeItem(probe);
        return readBack === probe;
      } catch {
        return false;
      }
    },
  };
}
