/**
 * The main window: isolated, sandboxed, no Node in the page, web security on, and a strict
 * Content-Security-Policy (set as a header on every document, with a matching `<meta>` in
 * index.html as a second line). `BrowserWindow` is injected so the options are unit-tested.
 */
import type { BrowserWindow, BrowserWindowConstructorOptions, WebPreferences } from 'electron';
import { buildContentSecurityPolicy as buildSharedPolicy } from '@photo/core/api/schemas/security-policy';
import { APP_ENTRY_URL } from './app-origin';

/**
 * The page may run only its own scripts. It may fetch from and show images of exactly the
 * origins given: the server, and any origin its `/config.json` names (see `connectOrigins` in
 * server-info.ts); each http(s) origin also gets its websocket twin. The directives are the web
 * app's, from the one builder the server uses (docs/architecture.md "Security headers"); no
 * violation reports, since app://photo has no report endpoint of its own, and no WebAssembly:
 * uploads are hashed in the main process.
 */
export function buildContentSecurityPolicy(origins: readonly string[]): string {
  return buildSharedPolicy({ origins, scriptOrigins: [], webAssembly: false });
}

/** Electron security checklist items 2-4, 6, 7, 9, 10 in one place. */
export function mainWindowWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
  };
}

export function mainWindowOptions(
  preloadPath: string,
  title: string,
): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 860,
    minWidth: 360,
    minHeight: 480,
    title,
    show: false,
    autoHideMenuBar: true,
    webPreferences: mainWindowWebPreferences(preloadPath),
  };
}

export type BrowserWindowConstructor = new (
  options: BrowserWindowConstructorOptions,
) => BrowserWindow;

export function createMainWindow(
  BrowserWindowClass: BrowserWindowConstructor,
  options: { preloadPath: string; title: string },
): BrowserWindow {
  const window = new BrowserWindowClass(mainWindowOptions(options.preloadPath, options.title));
  // Show when painted, so the user never sees an empty white frame.
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_ENTRY_URL);
  return window;
}
