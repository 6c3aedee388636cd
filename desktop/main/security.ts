/**
 * Window and session hardening in one file (after Element's
 * `webcontents-handler.ts`; checklist: Electron `docs/tutorial/security.md`). The rule
 * functions are pure so they are unit-tested; `hardenWebContents`/`hardenSession` wire them.
 */
import path from 'node:path';
import type { DownloadItem, Event, Session, WebContents } from 'electron';
import { isAppUrl } from './app-origin';
import { sanitizeFileName } from './downloads/file-name';

/**
 * Schemes the system browser may be handed (docs/product.md#validation: only http or https URLs
 * count as valid links). Everything else (javascript:, file:, data:, mailto:, smb:, custom app
 * handlers …) is refused.
 */
export const EXTERNAL_SCHEMES: ReadonlySet<string> = new Set(['https:', 'http:']);

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
  // Credentials in a link are a phishing trick (`https://bank.com@evil.example`).
  return url.hostname !== '' && url.username === '' && url.password === '';
}

export type OpenInBrowser = (url: string) => Promise<void>;

export class RefusedUrlError extends Error {
  override name = 'RefusedUrlError';
}

/**
 * The one way to the system browser: `open` is Electron's `shell.openExternal`, handed in once
 * by index.ts, and it only ever receives a URL that passed the allow-list, re-serialised from
 * its parsed form. Every caller (sign-in, links, the bridge) goes through the function returned.
 */
export function createBrowserOpener(open: (url: string) => Promise<void>): OpenInBrowser {
  return async (raw) => {
    if (!isSafeExternalUrl(raw))
      throw new RefusedUrlError('Refused to open a URL outside the allow-list');
    await open(new URL(raw).href);
  };
}

/** Opens `raw` in the browser when the allow-list permits; returns whether it did. */
export function openInBrowserSafely(raw: string, openInBrowser: OpenInBrowser): boolean {
  if (!isSafeExternalUrl(raw)) return false;
  openInBrowser(raw).catch((error: unknown) => console.error('Opening the browser failed', error));
  return true;
}

/** `setWindowOpenHandler`: the app never opens a second window; safe links go to the browser. */
export function createWindowOpenHandler(openInBrowser: OpenInBrowser) {
  return (details: { url: string }): { action: 'deny' } => {
    openInBrowserSafely(details.url, openInBrowser);
    return { action: 'deny' };
  };
}

/**
 * `will-navigate` / `will-redirect` / `will-frame-navigate`: the window stays on the app's own
 * origin. A link to a web page (storefront, FAQ) opens in the browser instead.
 */
export function createNavigationGuard(openInBrowser: OpenInBrowser) {
  return (event: { preventDefault(): void }, url: string): void => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    openInBrowserSafely(url, openInBrowser);
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
  openInBrowser: OpenInBrowser;
  getDownloadsDir: () => string;
}

/** Applies the window rules to every web contents (called from `web-contents-created`). */
export function hardenWebContents(contents: WebContents, deps: HardeningDeps): void {
  const guard = createNavigationGuard(deps.openInBrowser);
  contents.setWindowOpenHandler(createWindowOpenHandler(deps.openInBrowser));
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
