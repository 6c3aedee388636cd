/**
 * Saves archives, photos and PDFs straight to disk (docs/desktop.md "Downloads"): the bytes
 * stream from the network to a `.part` file next to the target and never pass through the
 * renderer or sit whole in memory; the file gets its name only when complete, and a failed or
 * cancelled download leaves nothing behind. By default a file goes to the Downloads folder
 * (`{downloadId}.zip` for archives); with the desktop preference "ask where to save" the Save
 * dialog asks first. Electron's `dialog` and the paths are injected, so this runs under Node.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { DownloadProgress, SaveRequest, SaveResult } from '../../common/ipc-contract';
import { APP_HOST, APP_SCHEME } from '../app-origin';
import { isProxiedPath } from '../app-protocol';
import { ensureExtension, sanitizeFileName } from './file-name';

/** The part of Electron's `dialog.showSaveDialog` this module uses. */
export type ShowSaveDialog = (options: {
  title?: string;
  defaultPath: string;
  filters?: { name: string; extensions: string[] }[];
}) => Promise<{ canceled: boolean; filePath?: string }>;

export interface DownloaderDeps {
  showSaveDialog: ShowSaveDialog;
  getDownloadsDir: () => string;
  /** The desktop preference "ask where to save each download". */
  askWhereToSave: () => Promise<boolean>;
  /** The server's origin: its URLs (and `app://photo/api/…`) are fetched with the bearer token. */
  serverOrigin: string;
  getAccessToken: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** Minimum milliseconds between progress reports (the last one always goes out). */
  progressIntervalMs?: number;
}

export class DownloadError extends Error {
  override name = 'DownloadError';
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Where `raw` is fetched from, or null when it may not be: https anywhere; plain http only to
 * this machine or the configured server; `app://photo/{config,locales,api}` → the server.
 */
export function resolveDownloadUrl(raw: string, serverOrigin: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  if (url.protocol === `${APP_SCHEME}:`) {
    if (url.host !== APP_HOST || !isProxiedPath(url.pathname)) return null;
    return new URL(url.pathname + url.search, serverOrigin);
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol !== 'http:') return null;
  const local = LOOPBACK.includes(url.hostname) || url.hostname.endsWith('.localhost');
  return local || url.origin === new URL(serverOrigin).origin ? url : null;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** `name.ext`, or `name (1).ext`, `name (2).ext` … whichever is free in `dir`. */
export async function freeFileName(dir: string, name: string): Promise<string> {
  const ext = path.extname(name);
  const stem = name.slice(0, name.length - ext.length);
  for (let n = 0; n < 10_000; n += 1) {
    const candidate = path.join(dir, n === 0 ? name : `${stem} (${n})${ext}`);
    if (!(await exists(candidate))) return candidate;
  }
  throw new DownloadError(`No free file name for ${name}`);
}

export function createDownloader(deps: DownloaderDeps) {
  const doFetch = deps.fetch ?? fetch;
  const interval = deps.progressIntervalMs ?? 100;
  const running = new Map<string, AbortController>();
  // Files this app saved, by operation id, for "Show in folder" (the renderer never sees paths).
  const saved = new Map<string, string>();

  function remember(operationId: string, file: string) {
    saved.set(operationId, file);
    if (saved.size > 200) saved.delete(saved.keys().next().value as string);
  }

  async function save(
    operationId: string,
    request: SaveRequest,
    onProgress: (progress: DownloadProgress) => void = () => {},
  ): Promise<SaveResult> {
    if (running.has(operationId) || saved.has(operationId))
      throw new DownloadError('operationId is already in use');
    const source = resolveDownloadUrl(request.url, deps.serverOrigin);
    if (!source) throw new DownloadError('url must be https, the server, or http on loopback');
    const clean = sanitizeFileName(
      request.fileName,
      request.kind === 'archive' ? 'archive' : 'download',
    );
    const name = request.kind === 'archive' ? ensureExtension(clean, '.zip') : clean;

    const controller = new AbortController();
    running.set(operationId, controller);
    let partial: string | null = null;
    try {
      let chosen: string | null = null;
      if (await deps.askWhereToSave()) {
        const extension = path.extname(name).slice(1);
        const choice = await deps.showSaveDialog({
          defaultPath: path.join(deps.getDownloadsDir(), name),
          ...(extension
            ? { filters: [{ name: extension.toUpperCase(), extensions: [extension] }] }
            : {}),
        });
        if (choice.canceled || !choice.filePath) return { status: 'cancelled' };
        chosen = choice.filePath;
      }
      const dir = chosen ? path.dirname(chosen) : deps.getDownloadsDir();
      await mkdir(dir, { recursive: true });

      const headers: Record<string, string> = {};
      if (source.origin === new URL(deps.serverOrigin).origin) {
        const token = await deps.getAccessToken();
        if (token) headers.authorization = `Bearer ${token}`;
        // As every call of the app: the server echoes it, a failure can be traced.
        headers['x-correlationid'] = randomUUID();
      }
      const response = await doFetch(source, {
        headers,
        redirect: 'follow',
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        throw new DownloadError(`Download failed with status ${response.status}`);
      }
      const lengthHeader = Number(response.headers.get('content-length'));
      const totalBytes = Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : null;
      let receivedBytes = 0;
      let lastReport = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          receivedBytes += chunk.length;
          const time = Date.now();
          if (time - lastReport >= interval) {
            lastReport = time;
            onProgress({ receivedBytes, totalBytes });
          }
          callback(null, chunk);
        },
      });
      // A unique temporary name next to the target: a failure never leaves a truncated file
      // under the real name, and two downloads of one name never share a partial file.
      partial = path.join(dir, `.${name}.${randomUUID().slice(0, 8)}.part`);
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream),
        counter,
        createWriteStream(partial, { mode: 0o644, flags: 'wx' }),
        { signal: controller.signal },
      );
      if (totalBytes !== null && receivedBytes !== totalBytes) {
        throw new DownloadError(`Download incomplete: ${receivedBytes} of ${totalBytes} bytes`);
      }
      // The Save dialog already asked before replacing a file; the Downloads folder never replaces.
      const target = chosen ?? (await freeFileName(dir, name));
      await rename(partial, target);
      partial = null;
      remember(operationId, target);
      onProgress({ receivedBytes, totalBytes });
      return { status: 'saved', fileName: path.basename(target) };
    } catch (error) {
      if (controller.signal.aborted) return { status: 'cancelled' };
      throw error;
    } finally {
      running.delete(operationId);
      if (partial) await rm(partial, { force: true });
    }
  }

  /** Stops a running download; its partial file is removed. */
  function cancel(operationId: string): void {
    running.get(operationId)?.abort();
  }

  /** The file a finished download was saved to, or null. */
  function savedPath(operationId: string): string | null {
    return saved.get(operationId) ?? null;
  }

  return { save, cancel, savedPath };
}

export type Downloader = ReturnType<typeof createDownloader>;
