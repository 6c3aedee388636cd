import path from 'node:path';
import { stripUnsafeCharacters } from '@photo/core/api/schemas/unsafe-characters';

/** The longest name kept, in characters (most file systems allow 255 bytes; names are short). */
const MAX_NAME_LENGTH = 200;

/** Characters Windows refuses in a file name; a zip entry holding one cannot be extracted there. */
const WINDOWS_RESERVED = /[<>:"|?*]/g;

/** File name extensions that match each stored content type; the first is the one added. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'image/jpeg': ['.jpg', '.jpeg', '.jpe'],
  'image/png': ['.png'],
  'image/heic': ['.heic', '.heif'],
};

/**
 * A file name a user supplied, made safe to store, show and hand to someone else
 * (docs/product.md#upload): no path, no control, bidirectional-control or invisible
 * characters (so `invoice\u202Egpj.exe` cannot pose as a JPEG), no characters Windows
 * refuses, no leading dots or trailing dots and blanks, at most 200 characters; `photo` when
 * nothing is left.
 */
export function cleanFileName(name: string | undefined): string {
  let clean = stripUnsafeCharacters(path.basename((name ?? '').replace(/\\/g, '/')))
    .replace(WINDOWS_RESERVED, '_')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[.\s]+$/, '');
  if (clean.length > MAX_NAME_LENGTH) {
    const ext = path.extname(clean).slice(0, 16);
    clean = clean.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
  }
  return clean || 'photo';
}

/**
 * The name a stored photo is handed out under (Content-Disposition, zip entries): cleaned,
 * and with an extension that matches the stored content, so a JPEG uploaded as `invoice.html`
 * downloads as `invoice.html.jpg` and opens as what it is.
 */
export function downloadFileName(name: string, mimeType: string): string {
  const clean = cleanFileName(name);
  const allowed = EXTENSIONS[mimeType];
  if (!allowed) return clean;
  const ext = path.extname(clean).toLowerCase();
  return allowed.includes(ext) ? clean : `${clean}${allowed[0]}`;
}

/** RFC 6266 `Content-Disposition` with an ASCII fallback and the UTF-8 form of a cleaned name. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // RFC 5987 attr-chars exclude ' ( ) *, which encodeURIComponent leaves as they are.
  const utf8 = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
