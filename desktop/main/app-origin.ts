/**
 * The renderer is served from a privileged custom scheme instead of file:// (Electron security
 * checklist: "Avoid usage of the file protocol"), so it has a real origin that navigation,
 * IPC sender checks and the CSP can name.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'photo';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * True when `raw` is a URL of the app itself. Compares scheme and host rather than
 * `URL.origin`, which WHATWG defines as "null" for non-special schemes such as `app:`.
 */
export function isAppUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return (
    url.protocol === `${APP_SCHEME}:` &&
    url.host === APP_HOST &&
    url.username === '' &&
    url.password === ''
  );
}
