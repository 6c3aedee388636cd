/**
 * Builds every main-process service from the configuration and the few Electron calls it needs
 * (docs/architecture.md "The desktop app": main-process modules take their Electron calls as
 * arguments). index.ts passes the real ones; the tests and the desktop-harness e2e project pass
 * Node stand-ins, so they run exactly this composition against the real server.
 */
import path from 'node:path';
import type { AppInfo, AskWhereToSaveKey, EventArgs, EventChannel } from '../common/ipc-contract';
import { createDesktopAuth } from './auth/desktop-auth';
import type { DesktopConfig } from './config';
import { createDownloader, type ShowSaveDialog } from './downloads/downloader';
import { createExporter } from './export/exporter';
import { createImagePicker, type ShowOpenDialog } from './files/image-picker';
import type { Services } from './ipc/register-handlers';
import { createBrowserOpener } from './security';
import { createServerInfo } from './server-info';
import { createSettingsStore } from './storage/settings-store';
import { createTokenStore, type SafeStorageLike } from './storage/token-store';
import { createUploadHttpStack } from './uploads/http-stack';
import { createUploadQueue } from './uploads/upload-queue';
import { createUploader } from './uploads/uploader';
import { createAlbumClient } from './watch/album-client';
import { createWatchStore } from './watch/watch-store';
import { createWatchedFolders } from './watch/watched-folders';

export const ASK_WHERE_TO_SAVE_KEY: AskWhereToSaveKey = 'desktop.askWhereToSave';

/** What the services need from Electron (or from a test standing in for it). */
export interface MainSeams {
  /** `app.getPath('userData')`: settings.json and tokens.bin live here. */
  userDataDir: string;
  /** `app.getPath('downloads')`. */
  getDownloadsDir: () => string;
  safeStorage: SafeStorageLike;
  showOpenDialog: ShowOpenDialog;
  showSaveDialog: ShowSaveDialog;
  /** `shell.openExternal`; it only ever receives allow-listed http(s) URLs. */
  openBrowser: (url: string) => Promise<void>;
  showItemInFolder: (filePath: string) => void;
  /** `net.fetch` in the app (Chromium's network stack: `*.localhost` resolves, proxies apply). */
  fetch: typeof fetch;
  /** Sends an event to every window of the app. */
  broadcast: <C extends EventChannel>(channel: C, ...args: EventArgs<C>) => void;
  app: Pick<AppInfo, 'name' | 'version' | 'os'>;
  /** Sign-in listener time-out (default 5 minutes). */
  loopbackTimeoutMs?: number;
  /** The clock of token expiry (tests). */
  now?: () => number;
  /** Shorter waits of the watched folders (tests). */
  watchTiming?: { stableMs?: number; checkIntervalMs?: number };
}

export interface MainServices {
  /** What the IPC handlers serve. */
  services: Services;
  /** The CSP of the renderer's documents (from the server's `/config.json`). */
  contentSecurityPolicy: () => Promise<string>;
}

export function createMainServices(config: DesktopConfig, seams: MainSeams): MainServices {
  const serverInfo = createServerInfo({
    serverOrigin: config.serverOrigin,
    brandHost: config.brandHost,
    fetch: seams.fetch,
  });
  const settings = createSettingsStore(path.join(seams.userDataDir, 'settings.json'));
  const tokenStore = createTokenStore(
    path.join(seams.userDataDir, 'tokens.bin'),
    seams.safeStorage,
  );
  const openInBrowser = createBrowserOpener(seams.openBrowser);
  const picker = createImagePicker(seams.showOpenDialog);
  const auth = createDesktopAuth({
    issuer: async () => config.issuer ?? (await serverInfo.clientConfig()).Auth.ChannelAuthority,
    clientId: config.clientId,
    scopes: config.scopes,
    tokenStore,
    openBrowser: openInBrowser,
    fetch: seams.fetch,
    loopbackPages: async () => {
      const texts = await serverInfo.texts();
      return {
        lang: texts.locale,
        success: { title: texts.signIn.browserSuccessTitle, message: texts.signIn.browserSuccess },
        failure: { title: texts.signIn.browserFailureTitle, message: texts.signIn.browserFailure },
      };
    },
    onSessionAbandoned: () => seams.broadcast('photo:auth:session-abandoned'),
    ...(seams.loopbackTimeoutMs ? { loopbackTimeoutMs: seams.loopbackTimeoutMs } : {}),
    ...(seams.now ? { now: seams.now } : {}),
  });
  const uploadQueue = createUploadQueue({
    filePath: path.join(seams.userDataDir, 'upload-queue.json'),
    storageUrl: async () =>
      new URL((await serverInfo.clientConfig()).StorageApiUrl, config.serverOrigin)
        .toString()
        .replace(/\/+$/, ''),
    getAccessToken: () => auth.getAccessToken(),
    getAccountId: async () => (await auth.getIdTokenClaims())?.sub ?? null,
    fetch: seams.fetch,
    httpStack: createUploadHttpStack(),
    onChange: (queue) => seams.broadcast('photo:uploads:changed', queue),
  });
  const uploader = createUploader({ picker, queue: uploadQueue });
  const watchedFolders = createWatchedFolders({
    store: createWatchStore(path.join(seams.userDataDir, 'watched-folders.json')),
    queue: uploadQueue,
    albums: createAlbumClient({
      photoApiUrl: async () =>
        new URL(
          (await serverInfo.clientConfig()).PhotoManagementShareApiBaseUrl,
          config.serverOrigin,
        ).toString(),
      getAccessToken: () => auth.getAccessToken(),
      fetch: seams.fetch,
    }),
    getAccountId: async () => (await auth.getIdTokenClaims())?.sub ?? null,
    showOpenDialog: seams.showOpenDialog,
    onChange: (watches) => seams.broadcast('photo:watch:changed', watches),
    ...seams.watchTiming,
  });
  const downloader = createDownloader({
    showSaveDialog: seams.showSaveDialog,
    getDownloadsDir: seams.getDownloadsDir,
    askWhereToSave: async () => (await settings.load())[ASK_WHERE_TO_SAVE_KEY] === 'true',
    serverOrigin: config.serverOrigin,
    getAccessToken: () => auth.getAccessToken(),
    fetch: seams.fetch,
  });
  const exporter = createExporter({
    configFile: path.join(seams.userDataDir, 'export.json'),
    photoApiUrl: async () =>
      new URL((await serverInfo.clientConfig()).PhotoManagementShareApiBaseUrl, config.serverOrigin)
        .toString()
        .replace(/\/+$/, ''),
    getAccessToken: () => auth.getAccessToken(),
    getAccountId: async () => (await auth.getIdTokenClaims())?.sub ?? null,
    showOpenDialog: seams.showOpenDialog,
    showItemInFolder: seams.showItemInFolder,
    fetch: seams.fetch,
    onChange: (snapshot) => seams.broadcast('photo:export:changed', snapshot),
  });
  const services: Services = {
    auth,
    picker,
    uploader,
    uploadQueue,
    watchedFolders,
    downloader,
    exporter,
    settings,
    openInBrowser,
    showItemInFolder: seams.showItemInFolder,
    appInfo: () => ({
      ...seams.app,
      serverOrigin: config.serverOrigin,
      tokenStorage: tokenStore.storageMode(),
    }),
    texts: () => serverInfo.texts(),
  };
  return { services, contentSecurityPolicy: () => serverInfo.contentSecurityPolicy() };
}
