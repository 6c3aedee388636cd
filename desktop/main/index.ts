/**
 * Desktop main process: app lifecycle and wiring. Every decision lives in a plain module
 * (security, windows, ipc, storage, files, uploads, downloads, auth) built by services.ts with
 * its Electron calls injected here, so those modules are tested under Node and this file stays
 * thin.
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
import { readDesktopConfig } from './config';
import { registerHandlers } from './ipc/register-handlers';
import { createTypedIpc, sendEvent } from './ipc/typed-ipc';
import { createMainServices } from './services';
import { hardenSession, hardenWebContents } from './security';
import { createMainWindow } from './windows';

const config = readDesktopConfig(process.env);
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

let mainWindow: BrowserWindow | null = null;

// Electron security checklist: one instance; a second launch focuses the first window.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void main();
}

function focusedOrMain(): BrowserWindow | undefined {
  return BrowserWindow.getFocusedWindow() ?? mainWindow ?? undefined;
}

/** Electron's fetch on Chromium's network stack, in the shape of the global `fetch`. */
const electronFetch: typeof fetch = (input, init) =>
  net.fetch(input instanceof URL ? input.href : input, init);

async function main(): Promise<void> {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  await app.whenReady();
  const { services, contentSecurityPolicy } = createMainServices(config, {
    userDataDir: app.getPath('userData'),
    getDownloadsDir: () => app.getPath('downloads'),
    safeStorage,
    showOpenDialog: (options) => {
      const window = focusedOrMain();
      return window ? dialog.showOpenDialog(window, options) : dialog.showOpenDialog(options);
    },
    showSaveDialog: (options) => {
      const window = focusedOrMain();
      return window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options);
    },
    // The one hand-over to the OS; services.ts wraps it in the http(s) allow-list.
    openBrowser: shell.openExternal.bind(shell),
    showItemInFolder: (filePath) => shell.showItemInFolder(filePath),
    fetch: electronFetch,
    broadcast: (channel, ...args) => {
      for (const window of BrowserWindow.getAllWindows())
        sendEvent(window.webContents, channel, ...args);
    },
    app: { name: app.getName(), version: app.getVersion(), os: process.platform },
  });

  const hardening = {
    openInBrowser: services.openInBrowser,
    getDownloadsDir: () => app.getPath('downloads'),
  };
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, hardening));
  hardenSession(session.defaultSession, hardening);
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      rendererDir,
      serverOrigin: config.serverOrigin,
      brandHost: config.brandHost,
      contentSecurityPolicy,
      fetch: electronFetch,
    }),
  );

  const ownContents = (id: number) =>
    BrowserWindow.getAllWindows().some((window) => window.webContents.id === id);
  registerHandlers(createTypedIpc(ipcMain, ownContents), services);

  // A quitting app stops the export's transfers (their parts are removed; the next start resumes).
  app.on('before-quit', () => void services.exporter.close());

  const openWindow = () => {
    mainWindow = createMainWindow(BrowserWindow, { preloadPath, title: app.getName() });
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  };
  openWindow();
  // Watched folders upload by themselves, window or not (docs/desktop.md "Watched folders").
  services.watchedFolders
    .start()
    .catch((error: unknown) => console.error('Watched folders did not start', error));
  app.on('before-quit', () => void services.watchedFolders.close());
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
}
