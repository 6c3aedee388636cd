import { loadClientConfig } from '@photo/core/app/client-config';
import { isMobileAppLink } from '@photo/core/api/schemas/config';
import type { Platform } from '@photo/core/platform/platform';
import type { BootWindow } from './boot';
import { createWebAuth } from './web-auth';
import { createWebDownloads, createWebFiles, openExternal } from './web-files';
import type { createWorkerHasher } from './web-hasher';
import { createWebStorage } from './web-storage';

type HashFile = ReturnType<typeof createWorkerHasher>;

/** The hasher (and the worker it starts) loads with the first file to hash, not with the page. */
function lazyHasher(): HashFile {
  let hasher: Promise<HashFile> | undefined;
  return async (file, options) => {
    hasher ??= import('./web-hasher').then(({ createWorkerHasher }) => createWorkerHasher());
    return (await hasher)(file, options);
  };
}

/** The browser host of the core App (docs/architecture.md platform seam). */
export function createWebPlatform(win: Window = window): Platform {
  return {
    platformName: 'web',
    // The same memoised /config.json the App loads: one request per page load.
    auth: createWebAuth({ loadConfig: loadClientConfig, window: win }),
    files: { ...createWebFiles(win.document), hashFile: lazyHasher() },
    downloads: createWebDownloads(win.document),
    storage: createWebStorage(() => win.localStorage),
    openExternal: (url) => openExternal(url, win),
    // A custom-scheme link leaves the page in place; only links the config schema accepts go.
    openMobileApp: (url) => {
      if (isMobileAppLink(url)) win.location.assign(url);
    },
    // What boot-entry.ts started (named literally: importing boot.ts would put it in a chunk
    // shared with the boot script). Read when asked: the async boot script may run after this.
    prefetched: { take: (url) => (win as BootWindow).__photoBoot?.take(url) },
  };
}

export const webPlatform: Platform = createWebPlatform();
