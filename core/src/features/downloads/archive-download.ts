import { ARCHIVE_KEYS } from '../../api/schemas/push';
import type { PushConnection } from '../push/push-connection';

export { ARCHIVE_STARTED_TOAST_MS, ARCHIVE_TOAST_MS } from './download-toasts';
/**
 * If the push message is missed (socket dropped, message sent before we listened), the URL is
 * asked for at this interval; the server answers 409 until the zip is ready.
 */
export const ARCHIVE_POLL_INTERVAL_MS = 10_000;
/** Give up waiting for an archive after this long. */
export const ARCHIVE_TIMEOUT_MS = 600_000;

export class ArchiveFailedError extends Error {
  override readonly name = 'ArchiveFailedError';
}

export interface WaitForArchiveOptions {
  downloadId: string;
  /** Null when no push connection could be opened: then only the poll runs. */
  connection: PushConnection | null;
  /** GET /downloads/{id}/url; resolves null while not ready (409), throws on other failures. */
  fetchUrl: () => Promise<string | null>;
  pollIntervalMs?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Resolves with the zip's URL once the archive is ready: on the push message
 * 'archive generation finished' for this download (the normal path), or when a poll finds it.
 * 'archive generation error' rejects.
 */
export function waitForArchive({
  downloadId,
  connection,
  fetchUrl,
  pollIntervalMs = ARCHIVE_POLL_INTERVAL_MS,
  timeoutMs = ARCHIVE_TIMEOUT_MS,
  signal,
}: WaitForArchiveOptions): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    let fetching = false;
    const cleanups: (() => void)[] = [];
    const finish = (result: { url: string } | { error: Error }) => {
      if (settled) return;
      settled = true;
      for (const cleanup of cleanups) cleanup();
      if ('url' in result) resolve(result.url);
      else reject(result.error);
    };
    const tryFetch = (mustBeReady: boolean) => {
      if (fetching || settled) return;
      fetching = true;
      fetchUrl().then(
        (url) => {
          fetching = false;
          if (url) finish({ url });
          else if (mustBeReady) finish({ error: new ArchiveFailedError('Archive not available') });
        },
        (error: unknown) => {
          fetching = false;
          finish({ error: error instanceof Error ? error : new Error(String(error)) });
        },
      );
    };

    if (connection) {
      cleanups.push(
        connection.subscribe((message) => {
          if (!('key' in message) || message.message.downloadId !== downloadId) return;
          if (message.key === ARCHIVE_KEYS.finished) tryFetch(true);
          else if (message.key === ARCHIVE_KEYS.error)
            finish({ error: new ArchiveFailedError('Archive generation failed') });
        }),
      );
    }
    const poll = setInterval(() => tryFetch(false), pollIntervalMs);
    cleanups.push(() => clearInterval(poll));
    const timeout = setTimeout(
      () => finish({ error: new ArchiveFailedError('Archive timed out') }),
      timeoutMs,
    );
    cleanups.push(() => clearTimeout(timeout));
    if (signal) {
      const onAbort = () => finish({ error: new DOMException('Aborted', 'AbortError') });
      if (signal.aborted) onAbort();
      signal.addEventListener('abort', onAbort);
      cleanups.push(() => signal.removeEventListener('abort', onAbort));
    }
  });
}
