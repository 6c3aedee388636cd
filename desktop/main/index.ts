/**
 * Desktop main process: app lifecycle and wiring. Every decision lives in a plain module
 * (security, windows, ipc, storage, files, uploads, downloads, auth) with its Electron calls
 * injected here, so those modules are tested under Node and this file stays thin.
 */
import path from 'node:path';
import {
  BrowserWindow,
  app,
  dialog,
  ipcMain,
  net,
  protocol,
  safeStorage,
  session,
  shell,
} from 'electron';
import { APP_SCHEME } from './app-origin';
import { createAppProtocolHandler } from './app-protocol';
import { createDesktopAuth } from './auth/desktop-auth';
import { readDesktopConfig } from './config';
import { createArchiveDownloader } from './downloads/archive-download';
import { createImagePicker } from './files/image-picker';
import { registerHandlers } from './ipc/register-handlers';
import { createTypedIpc, sendEvent } from './ipc/typed-ipc';
import { hardenSession, hardenWebContents, isSafeExternalUrl } from './security';
import { createSettingsStore } from './storage/settings-store';
import { createTokenStore } from './storage/token-store';
import { createUploader } from './uploads/uploader';
import { buildContentSecurityPolicy, createMainWindow } from './windows';

const config = readDesktopConfig(process.env);
const contentSecurityPolicy = buildContentSecurityPolicy(config.serverOrigin);
const preloadPath = path.join(import.meta.dirname, '../preload/index.cjs');
const rendererDir = path.join(import.meta.dirname, '../renderer');

// Must run before `ready`: gives app://photo a real, secure origin with fetch support.
// `corsEnabled` lets the page load its own `<script type="module" crossorigin>` files; the
// handler sends no Access-Control headers, so other origins still cannot read app:// responses.
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: {
      standard: true,
      secure: true,
      supportFetchAPI: true,
      stream: true,
      corsEnabled: true,
    },
  },
]);

// Electron security checklist: one instance; a second launch focuses the first window.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void main();
}

let mainWindow: BrowserWindow | null = null;

/** Every external open goes through the scheme allow-list, whoever asks. */
async function openExternal(url: string): Promise<void> {
  if (!isSafeExternalUrl(url)) throw new Error('Refused to open a URL outside the allow-list');
  await shell.openExternal(url);
}

function focusedOrMain(): BrowserWindow | undefined {
  return BrowserWindow.getFocusedWindow() ?? mainWindow ?? undefined;
}

async function main(): Promise<void> {
  const hardening = { openExternal, getDownloadsDir: () => app.getPath('downloads') };
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, hardening));
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  await app.whenReady();
  hardenSession(session.defaultSession, hardening);
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      rendererDir,
      serverOrigin: config.serverOrigin,
      contentSecurityPolicy,
      fetch: (input, init) => net.fetch(input instanceof URL ? input.href : input, init),
    }),
  );

  const userData = app.getPath('userData');
  const tokenStore = createTokenStore(path.join(userData, 'tokens.bin'), safeStorage);
  const picker = createImagePicker((options) => {
    const window = focusedOrMain();
    return window ? dialog.showOpenDialog(window, options) : dialog.showOpenDialog(options);
  });
  const auth = createDesktopAuth({
    issuer: config.issuer,
    clientId: config.clientId,
    scopes: config.scopes,
    tokenStore,
    openExternal,
    onSessionAbandoned: () => {
      for (const window of BrowserWindow.getAllWindows()) {
        sendEvent(window.webContents, 'photo:auth:session-abandoned');
      }
    },
  });
  // Until the upload API of a later issue exists, this is the photo API's upload path.
  const uploader = createUploader({
    picker,
    getAccessToken: () => auth.getAccessToken(),
    endpoint: (target) => {
      const url = new URL('/api/photo/uploads', config.serverOrigin);
      if (target.albumId) url.searchParams.set('albumId', target.albumId);
      return url;
    },
  });
  const downloader = createArchiveDownloader({
    getDownloadsDir: () => app.getPath('downloads'),
    showSaveDialog: (options) => {
      const window = focusedOrMain();
      return window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options);
    },
  });

  const ownContents = (id: number) =>
    BrowserWindow.getAllWindows().some((window) => window.webContents.id === id);
  registerHandlers(createTypedIpc(ipcMain, ownContents), {
    auth,
    picker,
    uploader,
    downloader,
    settings: createSettingsStore(path.join(userData, 'settings.json')),
    openExternal,
    appInfo: {
      name: app.getName(),
      version: app.getVersion(),
      os: process.platform,
      serverOrigin: config.serverOrigin,
    },
  });

  const openWindow = () => {
    mainWindow = createMainWindow(BrowserWindow, { preloadPath, title: app.getName() });
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  };
  openWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
}
