/**
 * Removes what must never leave the page or be stored in a report (docs/product.md, "Page
 * furniture"): access, ID and refresh tokens (JWT-looking strings, bearer headers, token
 * parameters, long opaque tokens), e-mail addresses and photo file names. Used by the app before
 * a report is sent and by the reference server before it stores one. Plain string work, no
 * imports, so the browser and the server share it.
 */
const JWT = /\beyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g;
const BEARER = /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi;
const TOKEN_PARAM =
  /\b(access_token|id_token|refresh_token|token|code|sig|signature)=[^&\s"'<>]+/gi;
const TOKEN_JSON = /("(?:access_token|id_token|refresh_token|token)"\s*:\s*")[^"]*(")/gi;
const FILE_NAME_JSON = /("localFileName"\s*:\s*")[^"]*(")/gi;
const FILE_NAME_FIELD = /\b(localFileName|filename|fileName)=[^&\s"'<>]+/gi;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const PHOTO_FILE =
  /[^\s/\\"'<>:|?*=&]+\.(?:jpe?g|png|heic|heif|gif|webp|tiff?|bmp|dng|raw|cr2|nef|arw)\b/gi;
/** Opaque access tokens: 40+ characters of letters and digits mixed (a UUID has 36). */
const OPAQUE = /\b(?=[A-Za-z0-9_-]*[A-Za-z])(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{40,}\b/g;

export function scrubReportText(text: string): string {
  return text
    .replace(JWT, '[token]')
    .replace(BEARER, 'Bearer [token]')
    .replace(TOKEN_JSON, '$1[token]$2')
    .replace(TOKEN_PARAM, '$1=[token]')
    .replace(FILE_NAME_JSON, '$1[file]$2')
    .replace(FILE_NAME_FIELD, '$1=[file]')
    .replace(EMAIL, '[email]')
    .replace(PHOTO_FILE, '[file]')
    .replace(OPAQUE, '[token]');
}

/** A path with its ids replaced by placeholders (`/my-photos/albums/:id`), for reports and page views. */
export function pathWithPlaceholders(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  return bare
    .split('/')
    .map((segment) =>
      /\d/.test(segment) || segment.length > 24 || /@|%40/.test(segment) ? ':id' : segment,
    )
    .join('/');
}
