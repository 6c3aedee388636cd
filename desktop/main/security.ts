/**
 * Window and session hardening in one file (after Element's
 * `webcontents-handler.ts`; checklist: Electron `docs/tutorial/security.md`). The rule
 * functions are pure so they are unit-tested; `hardenWebContents`/`hardenSession` wire them.
 */
import path from 'node:path';
import type { DownloadItem, Event, Session, WebContents } from 'electron';
import { isAppUrl } from './app-origin';
import { sanitizeFileName } from './downloads/file-name';

/** Schemes `openExternal` may hand to the OS. Everything else (javascript:, file:, data:, smb:, custom app handlers …) is refused. */
export const EXTERNAL_SCHEMES: ReadonlySet<string> = new Set(['https:', 'http:', 'mailto:']);

/** Permissions the app needs; every other request and check is denied. */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** True when `raw` may be opened by the operating system. */
export function isSafeExternalUrl(raw: string): boolean {
  if (typeof raw !== 'string' || raw.length > 4096) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (!EXTERNAL_SCHEMES.has(url.protocol)) return false;
  if (url.protocol === 'mailto:') return url.pathname.length > 0;
  // Credentials in a link are a phishing trick (`https://bank.com@evil.example`).
  return url.hostname !== '' && url.username === '' && url.password === '';
}

export type OpenExternal = (url: string) => Promise<void>;

/** Opens `raw` externally when the allow-list permits; returns whether it did. */
export function openExternalSafely(raw: string, openExternal: OpenExternal): boolean {
  if (!isSafeExternalUrl(raw)) return false;
  openExternal(raw).catch((error: unknown) => console.error('openExternal failed', error));
  return true;
}

/** `setWindowOpenHandler`: the app never opens a second window; safe links go to the browser. */
export function createWindowOpenHandler(openExternal: OpenExternal) {
  return (details: { url: string }): { action: 'deny' } => {
    openExternalSafely(details.url, openExternal);
    return { action: 'deny' };
  };
}

/**
 * `will-navigate` / `will-redirect` / `will-frame-navigate`: the window stays on the app's own
 * origin. A link to a web page (storefront, FAQ) opens in the browser instead.
 */
export function createNavigationGuard(openExternal: OpenExternal) {
  return (event: { preventDefault(): void }, url: string): void => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    openExternalSafely(url, openExternal);
  };
}

/** `setPermissionRequestHandler`: allow only listed permissions, only for the app itself. */
export function isPermissionAllowed(
  permission: string,
  requestingUrl: string | undefined,
): boolean {
  return (
    ALLOWED_PERMISSIONS.has(permission) && requestingUrl !== undefined && isAppUrl(requestingUrl)
  );
}

/**
 * `will-download` for downloads the page starts itself (anchor downloads). Archives go through
 * the `saveArchive` IPC instead; this keeps the rest safe: only http(s)/blob sources from the
 * app, a sanitised name in the Downloads folder as the dialog's default, never a silent path.
 */
export function createWillDownloadHandler(getDownloadsDir: () => string) {
  return (
    event: { preventDefault(): void },
    item: Pick<DownloadItem, 'getURL' | 'getFilename' | 'setSaveDialogOptions'>,
  ): void => {
    const source = item.getURL();
    const scheme = (() => {
      try {
        return new URL(source).protocol;
      } catch {
        return '';
      }
    })();
    if (!['https:', 'http:', 'blob:'].includes(scheme)) {
      event.preventDefault();
      return;
    }
    item.setSaveDialogOptions({
      defaultPath: path.join(getDownloadsDir(), sanitizeFileName(item.getFilename())),
    });
  };
}

export interface HardeningDeps {
  openExternal: OpenExternal;
  getDownloadsDir: () => string;
}

/** Applies the window rules to every web contents (called from `web-contents-created`). */
export function hardenWebContents(contents: WebContents, deps: HardeningDeps): void {
  const guard = createNavigationGuard(deps.openExternal);
  contents.setWindowOpenHandler(createWindowOpenHandler(deps.openExternal));
  contents.on('will-navigate', (event, url) => guard(event, url));
  contents.on('will-redirect', (event, url) => guard(event, url));
  contents.on('will-frame-navigate', (event) => guard(event, event.url));
  // No <webview>: the app embeds nothing.
  contents.on('will-attach-webview', (event: Event) => event.preventDefault());
}

/** Session-wide rules: permissions and downloads. */
export function hardenSession(session: Session, deps: HardeningDeps): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin),
  );
  session.setDevicePermissionHandler(() => false);
  session.on('will-download', createWillDownloadHandler(deps.getDownloadsDir));
}
