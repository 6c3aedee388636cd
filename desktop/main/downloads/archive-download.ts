/**
 * Saves an archive (a short-lived signed URL) straight to a file the user chooses: the bytes
 * stream from the network to disk, never through the renderer and never whole in memory.
 * Electron's `dialog` is injected so this runs under vitest against a real HTTP server.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { DownloadProgress, SaveArchiveResult } from '../../common/ipc-contract';
import { ensureExtension, sanitizeFileName } from './file-name';

/** The part of Electron's `dialog.showSaveDialog` this module uses. */
export type ShowSaveDialog = (options: {
  title?: string;
  defaultPath: string;
  filters: { name: string; extensions: string[] }[];
}) => Promise<{ canceled: boolean; filePath?: string }>;

export interface ArchiveDownloaderDeps {
  showSaveDialog: ShowSaveDialog;
  getDownloadsDir: () => string;
  fetch?: typeof fetch;
  /** Minimum milliseconds between progress reports (the last one always goes out). */
  progressIntervalMs?: number;
}

export class DownloadError extends Error {
  override name = 'DownloadError';
}

/** Only http(s); plain http only to loopback (the local reference server). */
export function isAllowedDownloadUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export function createArchiveDownloader(deps: ArchiveDownloaderDeps) {
  const doFetch = deps.fetch ?? fetch;
  const interval = deps.progressIntervalMs ?? 100;

  async function saveArchive(
    url: string,
    fileName: string,
    onProgress: (progress: DownloadProgress) => void = () => {},
  ): Promise<SaveArchiveResult> {
    if (!isAllowedDownloadUrl(url))
      throw new DownloadError('url must be an https URL (or http on loopback)');
    const safeName = ensureExtension(sanitizeFileName(fileName, 'archive'), '.zip');
    const choice = await deps.showSaveDialog({
      defaultPath: path.join(deps.getDownloadsDir(), safeName),
      filters: [{ name: 'ZIP archive', extensions: ['zip'] }],
    });
    if (choice.canceled || !choice.filePath) return { status: 'cancelled' };
    const target = choice.filePath;

    const response = await doFetch(url, { redirect: 'follow' });
    if (!response.ok || !response.body) {
      throw new DownloadError(`Download failed with status ${response.status}`);
    }
    const lengthHeader = Number(response.headers.get('content-length'));
    const totalBytes = Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : null;

    let receivedBytes = 0;
    let lastReport = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        receivedBytes += chunk.length;
        const now = Date.now();
        if (now - lastReport >= interval) {
          lastReport = now;
          onProgress({ receivedBytes, totalBytes });
        }
        callback(null, chunk);
      },
    });

    // Write next to the target and rename at the end, so a failed download never leaves a
    // truncated file under the name the user chose.
    const partial = `${target}.part`;
    try {
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream),
        counter,
        createWriteStream(partial, { mode: 0o644 }),
      );
      if (totalBytes !== null && receivedBytes !== totalBytes) {
        throw new DownloadError(`Download incomplete: ${receivedBytes} of ${totalBytes} bytes`);
      }
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    onProgress({ receivedBytes, totalBytes });
    return { status: 'saved', fileName: path.basename(target) };
  }

  return { saveArchive };
}

export type ArchiveDownloader = ReturnType<typeof createArchiveDownloader>;
