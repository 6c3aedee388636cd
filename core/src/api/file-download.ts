import type { Platform } from '../platform/platform';
import { apiBaseUrl, buildUrl } from './base-api';
import type { ApiName } from './base-api';
import type { ClientConfig } from './schemas/config';
import { HttpError, createCorrelationId } from './request';

/**
 * Saves a file an API serves behind the bearer token (invoice and product PDFs). The desktop
 * app's `saveFile` fetches API paths itself with the token and saves natively; a browser anchor
 * cannot send the token, so the web reads the bytes here and hands the anchor a `blob:` URL.
 */
export async function saveApiFile(
  { platform, config }: { platform: Platform; config: ClientConfig },
  { api, path, fileName }: { api: ApiName; path: string; fileName: string },
): Promise<void> {
  const url = buildUrl(apiBaseUrl(config, api), path);
  if (platform.platformName === 'desktop') {
    await platform.downloads.saveFile(url, fileName);
    return;
  }
  const token = await platform.auth.getAccessToken();
  const correlationId = createCorrelationId();
  const headers = new Headers({ 'Cache-Control': 'no-cache', 'X-CorrelationId': correlationId });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(url, { headers, cache: 'no-store' });
  if (!response.ok) {
    throw new HttpError(response.status, url, await response.text(), correlationId);
  }
  const objectUrl = URL.createObjectURL(await response.blob());
  try {
    await platform.downloads.saveFile(objectUrl, fileName);
  } finally {
    // The anchor has started the save by now; give the browser a moment before freeing it.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  }
}
