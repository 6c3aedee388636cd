import { loadClientConfig } from '@photo/core/app/client-config';
import type { Platform } from '@photo/core/platform/platform';
import { createWebAuth } from './web-auth';
import { createWebDownloads, createWebFiles, openExternal } from './web-files';
import { createWorkerHasher } from './web-hasher';
import { createWebStorage } from './web-storage';

/** The browser host of the core App (docs/architecture.md platform seam). */
export function createWebPlatform(win: Window = window): Platform {
  return {
    platformName: 'web',
    // The same memoised /config.json the App loads: one request per page load.
    auth: createWebAuth({ loadConfig: loadClientConfig, window: win }),
    files: { ...createWebFiles(win.document), hashFile: createWorkerHasher() },
    downloads: createWebDownloads(win.document),
    storage: createWebStorage(() => win.localStorage),
    openExternal: (url) => openExternal(url, win),
  };
}

export const webPlatform: Platform = createWebPlatform();
