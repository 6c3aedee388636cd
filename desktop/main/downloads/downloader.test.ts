import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signIn } from '@photo/server/src/testing/sign-in.ts';
import { startTestServer, type TestServer } from '@photo/server/src/testing/test-server.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import type { DownloadProgress } from '../../common/ipc-contract';
import { pngImage } from '../../testing/test-images';
import { createDownloader, resolveDownloadUrl, type ShowSaveDialog } from './downloader';

let server: TestServer;
let token: string;
/** A local server for what the real one never does: drop a download half-way, stall. */
let flaky: http.Server;
let flakyOrigin: string;
const blob = randomBytes(2 * 1024 * 1024 + 5);
let dir: string;
let downloads: string;

beforeAll(async () => {
  server = await startTestServer({ seed: 'users' });
  token = (await signIn(server.origin, 'demo@example.com', 'demo1234', { clientId: 'desktop' }))
    .accessToken;
  flaky = http.createServer((request, response) => {
    if (request.url === '/drops.zip') {
      response.writeHead(200, { 'content-type': 'application/zip', 'content-length': blob.length });
      response.write(blob.subarray(0, 64 * 1024));
      setTimeout(() => response.destroy(), 50);
    } else if (request.url === '/stalls.zip') {
      response.writeHead(200, { 'content-type': 'application/zip', 'content-length': blob.length });
      response.write(blob.subarray(0, 64 * 1024));
    } else if (request.url === '/headers') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          authorization: request.headers.authorization ?? null,
          correlationId: request.headers['x-correlationid'] ?? null,
        }),
      );
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
  flakyOrigin = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  flaky?.closeAllConnections();
  flaky?.close();
  await server?.close();
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'photo-downloads-'));
  downloads = path.join(dir, 'Downloads');
  await mkdir(downloads);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function downloader(
  options: { ask?: boolean; dialog?: ShowSaveDialog; serverOrigin?: string } = {},
) {
  const showSaveDialog = vi.fn<ShowSaveDialog>(
    options.dialog ?? (async () => ({ canceled: true })),
  );
  const instance = createDownloader({
    showSaveDialog,
    getDownloadsDir: () => downloads,
    askWhereToSave: async () => options.ask ?? false,
    serverOrigin: options.serverOrigin ?? server.origin,
    getAccessToken: async () => token,
    progressIntervalMs: 0,
  });
  return { ...instance, showSaveDialog };
}

async function api(method: string, route: string, body?: unknown) {
  const response = await fetch(`${server.origin}/api/photo${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function uploadPhoto(seed: number): Promise<{ imageId: string; bytes: Buffer }> {
  const bytes = pngImage(seed);
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type: 'image/png' }),
    `photo-${seed}.png`,
  );
  const response = await fetch(`${server.origin}/api/photo/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return { imageId: ((await response.json()) as { imageId: string }).imageId, bytes };
}

/** Entry names and SHA-256 of each entry's bytes, read with yauzl from the saved file. */
function readZip(file: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const hash = createHash('sha256');
          stream.on('data', (chunk: Buffer) => hash.update(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, hash.digest('hex'));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('downloads saved straight to disk', () => {
  it('saves a finished archive to Downloads/{downloadId}.zip, with progress; the zip opens', async () => {
    const photos = await Promise.all([1, 2, 3].map(uploadPhoto));
    const job = await api('POST', '/downloads', { photoIds: photos.map((p) => p.imageId) });
    expect(job.status).toBe(202);
    const downloadId = String(job.json.id);
    let url: string | null = null;
    for (let attempt = 0; attempt < 100 && !url; attempt += 1) {
      const answer = await api('GET', `/downloads/${downloadId}/url`);
      if (answer.status === 200) url = String(answer.json.url);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(url).not.toBeNull();

    const { save, showSaveDialog } = downloader();
    const progress: DownloadProgress[] = [];
    const result = await save(
      randomUUID(),
      { kind: 'archive', url: url!, fileName: `${downloadId}.zip` },
      (p) => progress.push(p),
    );
    expect(result).toEqual({ status: 'saved', fileName: `${downloadId}.zip` });
    expect(showSaveDialog).not.toHaveBeenCalled();
    expect(await readdir(downloads)).toEqual([`${downloadId}.zip`]);

    const zip = path.join(downloads, `${downloadId}.zip`);
    const entries = await readZip(zip);
    expect(entries.size).toBe(3);
    expect([...entries.values()].sort()).toEqual(photos.map((p) => sha(p.bytes)).sort());
    const size = (await readFile(zip)).length;
    expect(progress.at(-1)).toEqual({ receivedBytes: size, totalBytes: size });
  });

  it('asks where to save when the user chose so, and honours a cancelled dialog', async () => {
    const photo = await uploadPhoto(7);
    const chosen = path.join(dir, 'elsewhere', 'holiday.png');
    await mkdir(path.dirname(chosen));
    const ask = downloader({
      ask: true,
      dialog: async () => ({ canceled: false, filePath: chosen }),
    });
    const json = await api('GET', `/photos/${photo.imageId}`);
    expect(json.status).toBe(200);
    const original = String(json.json.untouchedUrl);
    expect(
      await ask.save(randomUUID(), { kind: 'file', url: original, fileName: 'photo-7.png' }),
    ).toEqual({ status: 'saved', fileName: 'holiday.png' });
    expect(ask.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({ defaultPath: path.join(downloads, 'photo-7.png') }),
    );
    expect(sha(await readFile(chosen))).toBe(sha(photo.bytes));

    const cancelled = downloader({ ask: true });
    expect(
      await cancelled.save(randomUUID(), { kind: 'file', url: original, fileName: 'x.png' }),
    ).toEqual({ status: 'cancelled' });
    expect(await readdir(downloads)).toEqual([]);
  });

  it('never overwrites in Downloads and keeps a photo its own extension', async () => {
    const { save } = downloader({ serverOrigin: flakyOrigin });
    for (let i = 0; i < 2; i += 1)
      await save(randomUUID(), {
        kind: 'file',
        url: `${flakyOrigin}/headers`,
        fileName: 'IMG_1.JPG',
      });
    await save(randomUUID(), {
      kind: 'archive',
      url: `${flakyOrigin}/headers`,
      fileName: '../../etc/passwd',
    });
    expect((await readdir(downloads)).sort()).toEqual(['IMG_1 (1).JPG', 'IMG_1.JPG', 'passwd.zip']);
  });

  it('sends the token and a correlation id to the server only', async () => {
    const own = downloader({ serverOrigin: flakyOrigin });
    const id = randomUUID();
    await own.save(id, { kind: 'file', url: `${flakyOrigin}/headers`, fileName: 'a.json' });
    expect(JSON.parse(await readFile(own.savedPath(id)!, 'utf8'))).toEqual({
      authorization: `Bearer ${token}`,
      correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const other = downloader();
    const otherId = randomUUID();
    await other.save(otherId, { kind: 'file', url: `${flakyOrigin}/headers`, fileName: 'b.json' });
    expect(JSON.parse(await readFile(other.savedPath(otherId)!, 'utf8'))).toEqual({
      authorization: null,
      correlationId: null,
    });
  });

  it('removes the partial file when the connection drops half-way', async () => {
    const { save } = downloader();
    const progress: DownloadProgress[] = [];
    await expect(
      save(
        randomUUID(),
        { kind: 'archive', url: `${flakyOrigin}/drops.zip`, fileName: 'drops.zip' },
        (p) => progress.push(p),
      ),
    ).rejects.toThrow();
    expect(progress.length).toBeGreaterThan(0);
    expect(await readdir(downloads)).toEqual([]);
  });

  it('removes the partial file when the user cancels', async () => {
    const { save, cancel } = downloader();
    const id = randomUUID();
    const result = save(
      id,
      { kind: 'archive', url: `${flakyOrigin}/stalls.zip`, fileName: 'stalls.zip' },
      () => cancel(id),
    );
    expect(await result).toEqual({ status: 'cancelled' });
    expect(await readdir(downloads)).toEqual([]);
  });

  it('refuses an error answer and leaves nothing', async () => {
    const { save } = downloader();
    await expect(
      save(randomUUID(), {
        kind: 'archive',
        url: `${server.origin}/api/photo/downloads/x/archive`,
        fileName: 'x',
      }),
    ).rejects.toThrow(/status 4\d\d/);
    expect(await readdir(downloads)).toEqual([]);
  });
});

describe('resolveDownloadUrl', () => {
  const origin = 'http://albelli-nl.localhost:8080';
  it.each([
    ['https://cdn.example.com/a.zip', 'https://cdn.example.com/a.zip'],
    ['http://localhost:8080/api/photo/x', 'http://localhost:8080/api/photo/x'],
    ['http://albelli-nl.localhost:8080/x', 'http://albelli-nl.localhost:8080/x'],
    [
      'app://photo/api/invoices/v1/pdf/me/1',
      'http://albelli-nl.localhost:8080/api/invoices/v1/pdf/me/1',
    ],
  ])('fetches %s from %s', (raw, expected) => {
    expect(resolveDownloadUrl(raw, origin)?.href).toBe(expected);
  });

  it.each([
    'http://example.com/a.zip',
    'file:///etc/passwd',
    'ftp://example.com/a',
    'https://user:pw@example.com/a',
    'app://photo/index.html',
    'app://other/api/x',
    'not a url',
  ])('refuses %s', (raw) => {
    expect(resolveDownloadUrl(raw, origin)).toBeNull();
  });
});
