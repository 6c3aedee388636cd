/**
 * Turns a name that came from the renderer or a server into one plain file name: no
 * directories (`../`, absolute paths, either slash), no characters Windows/macOS/Linux reject,
 * no reserved device names, no leading dots (hidden files), a bounded length.
 */
const FALLBACK_NAME = 'download';
const MAX_LENGTH = 200;
// eslint-disable-next-line no-control-regex -- control characters are exactly what we strip
const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

export function sanitizeFileName(raw: string, fallback = FALLBACK_NAME): string {
  const lastSegment = String(raw).split(/[/\\]/).pop() ?? '';
  let name = lastSegment.normalize('NFC').replace(FORBIDDEN, '_').trim();
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (WINDOWS_RESERVED.test(name)) name = `_${name}`;
  if (name.length > MAX_LENGTH) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, MAX_LENGTH - ext.length) + ext;
  }
  return name === '' || /^_+$/.test(name) ? fallback : name;
}

/** Adds `.zip` unless the name already ends with it (case-insensitive). */
export function ensureExtension(name: string, extension: string): string {
  return name.toLowerCase().endsWith(extension.toLowerCase()) ? name : `${name}${extension}`;
}
