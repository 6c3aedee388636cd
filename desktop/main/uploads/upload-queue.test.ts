import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signIn } from '@photo/server/src/testing/sign-in.ts';
import { startTestServer, type TestServer } from '@photo/server/src/testing/test-server.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UploadFile, UploadList } from '../../common/ipc-contract';
import { countingHttpStack } from '../../testing/counting-http-stack';
import { pngImage } from '../../testing/test-images';
import { createImagePicker, type ShowOpenDialog } from '../files/image-picker';
import { createUploadQueue, type QueueEntry } from './upload-queue';
import { createUploader } from './uploader';

let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startTestServer({ seed: 'users' });
  dir = await mkdtemp(path.join(tmpdir(), 'photo-queue-'));
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Each test signs in as its own demo user (both start without photos), so counts are its own. */
async function signInAs(email: string) {
  const session = await signIn(server.origin, email, 'demo1234', { clientId: 'desktop' });
  return { token: session.accessToken, accountId: session.claims.sub };
}

async function photosCount(token: string): Promise<number> {
  const response = await fetch(`${server.origin}/api/photo/users`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { photosCount: number }).photosCount;
}

/** A JPEG as far as its first bytes go, then noise: the picker takes it, the server refuses it. */
const notReallyAJpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
  Buffer.alloc(2000, 0x5a),
]);

const storageUrl = () => `${server.origin}/api/storage`;

describe('the upload queue against the real server', () => {
  it('uploads a folder of 200 photos four at a time, one refused, and sends it again after it was fixed', async () => {
    const user = await signInAs('demo@example.com');
    const folder = path.join(dir, 'Summer');
    await mkdir(path.join(folder, 'day 2'), { recursive: true });
    for (let i = 0; i < 199; i += 1)
      await writeFile(path.join(folder, i < 100 ? '' : 'day 2', `img-${i}.png`), pngImage(i));
    const bad = path.join(folder, 'broken.jpg');
    await writeFile(bad, notReallyAJpeg);
    const picker = createImagePicker(
      vi.fn<ShowOpenDialog>(async () => ({ canceled: false, filePaths: [folder] })),
    );
    const picked = await picker.pickFolder();
    expect(picked).toHaveLength(200);

    const stack = countingHttpStack();
    const changes: UploadList[] = [];
    const queueFile = path.join(dir, 'folder-200.json');
    const queue = createUploadQueue({
      filePath: queueFile,
      storageUrl: async () => storageUrl(),
      getAccessToken: async () => user.token,
      getAccountId: async () => user.accountId,
      httpStack: stack,
      onChange: (snapshot) => changes.push(snapshot),
    });
    const uploader = createUploader({ picker, queue });
    const progress: UploadFile[] = [];
    const results = await uploader.uploadFiles(
      picked.map((p) => p.handle),
      { albumId: null },
      (files) => progress.push(...files),
    );

    const failed = results.filter((r) => r.status === 'failed');
    expect(failed).toEqual([
      expect.objectContaining({
        name: 'broken.jpg',
        status: 'failed',
        failure: { kind: 'refused', message: '' },
      }),
    ]);
    expect(results.filter((r) => r.status === 'done' && r.photoId)).toHaveLength(199);
    expect(stack.maxInFlight).toBe(4);
    expect(await photosCount(user.token)).toBe(199);
    // Per-file states reached the renderer: every file was checked, then uploaded.
    const seen = new Set(progress.filter((p) => p.name === 'img-7.png').map((p) => p.status));
    expect(seen).toEqual(new Set(['waiting', 'checking', 'uploading', 'done']));
    // The window hears the newest state within an interval (not every change as it comes).
    await vi.waitFor(() => expect(changes.at(-1)!.running).toBe(false));
    const last = changes.at(-1)!;
    expect(last.totals).toMatchObject({ files: 200, done: 199, failed: 1 });
    // Told at every change, the window heard 814 snapshots of this queue.
    expect(changes.length).toBeLessThan(400);
    // The renderer gets every total but only the 100 files that matter most, failed ones first.
    expect(last.files).toHaveLength(100);
    expect(last.files[0]).toMatchObject({ name: 'broken.jpg', failure: { kind: 'refused' } });
    // The queue file knows the failure (and no path of it ever reaches the renderer).
    const kept = JSON.parse(await readFile(queueFile, 'utf8')) as { files: QueueEntry[] };
    expect(kept.files.filter((f) => f.status === 'failed').map((f) => f.name)).toEqual([
      'broken.jpg',
    ]);
    expect(JSON.stringify(changes.at(-1))).not.toContain(dir);

    // Fixed on disk, then "Retry failed": the changed file is checked again and sent.
    await writeFile(bad, pngImage(4242));
    const before = stack.requests.length;
    await queue.retryFailed();
    await queue.idle();
    expect(queue.getSnapshot().totals).toMatchObject({ done: 200, failed: 0 });
    expect(stack.requests.slice(before).filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(await photosCount(user.token)).toBe(200);
  }, 120_000);

  it('continues after the app was killed mid-upload: nothing stored twice, a partly sent file resumed from its offset', async () => {
    const user = await signInAs('friend@example.com');
    const folder = path.join(dir, 'Big');
    await mkdir(folder, { recursive: true });
    const files: { path: string; name: string; type: string }[] = [];
    const sizes = new Map<string, number>();
    for (let i = 0; i < 40; i += 1) {
      const name = `big-${String(i).padStart(2, '0')}.png`;
      const bytes = pngImage(i + 1, 16, 12, 96 * 1024);
      await writeFile(path.join(folder, name), bytes);
      files.push({ path: path.join(folder, name), name, type: 'image/png' });
      sizes.set(name, bytes.length);
    }
    const queueFile = path.join(dir, 'killed.json');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '../../testing/upload-queue-child.ts')],
      {
        env: {
          ...process.env,
          UPLOAD_CHILD: JSON.stringify({
            queueFile,
            storageUrl: storageUrl(),
            token: user.token,
            accountId: user.accountId,
            files,
            chunkSize: 16 * 1024,
            delayMs: 40,
          }),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

    /** The server's offset of every upload the queue file keeps a URL of. */
    async function keptOffsets(): Promise<Map<string, { url: string; offset: number }>> {
      const text = await readFile(queueFile, 'utf8').catch(() => '');
      if (!text) return new Map();
      const kept = JSON.parse(text) as { resume: Record<string, string> };
      const offsets = new Map<string, { url: string; offset: number }>();
      for (const value of Object.values(kept.resume)) {
        for (const upload of JSON.parse(value) as {
          uploadUrl: string;
          metadata: { filename: string };
        }[]) {
          const head = await fetch(upload.uploadUrl, {
            method: 'HEAD',
            headers: { authorization: `Bearer ${user.token}`, 'tus-resumable': '1.0.0' },
          });
          if (head.ok)
            offsets.set(upload.metadata.filename, {
              url: upload.uploadUrl,
              offset: Number(head.headers.get('upload-offset')),
            });
        }
      }
      return offsets;
    }

    // Kill it once half the files are stored and one is on the server only in part.
    const deadline = Date.now() + 60_000;
    for (;;) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 25));
      const stored = await photosCount(user.token);
      if (stored < 20) continue;
      const partial = [...(await keptOffsets())].some(
        ([name, { offset }]) => offset > 0 && offset < sizes.get(name)!,
      );
      if (partial) break;
    }
    child.kill('SIGKILL');
    await exited;

    const atKill = await keptOffsets();
    const partial = [...atKill].filter(
      ([name, { offset }]) => offset > 0 && offset < sizes.get(name)!,
    );
    expect(partial.length).toBeGreaterThan(0);
    const storedAtKill = await photosCount(user.token);
    expect(storedAtKill).toBeGreaterThanOrEqual(20);
    expect(storedAtKill).toBeLessThan(40);
    // One file is deleted while the app is not running: it fails as missing on the next start.
    await unlink(files[39]!.path);

    // The next start: a new queue from the same file.
    const stack = countingHttpStack();
    const queue = createUploadQueue({
      filePath: queueFile,
      storageUrl: async () => storageUrl(),
      getAccessToken: async () => user.token,
      getAccountId: async () => user.accountId,
      httpStack: stack,
      chunkSize: 16 * 1024,
    });
    const resumed = await queue.resume();
    expect(resumed.files.length).toBeGreaterThan(0);
    expect(resumed.files.length).toBeLessThanOrEqual(40 - storedAtKill + 4);
    await queue.idle();

    const snapshot = queue.getSnapshot();
    expect(snapshot.files.filter((f) => f.status === 'failed')).toEqual([
      expect.objectContaining({ name: 'big-39.png', failure: { kind: 'missing', message: '' } }),
    ]);
    expect(snapshot.files.every((f) => f.status !== 'waiting' && f.status !== 'uploading')).toBe(
      true,
    );
    // Every file stored once: 39 on disk, the missing one never arrived.
    expect(await photosCount(user.token)).toBe(39);
    // A partly sent file went on from the server's offset, not from its first byte.
    for (const [, { url, offset }] of partial) {
      const patches = stack.requests.filter((r) => r.method === 'PATCH' && r.url === url);
      expect(patches.length).toBeGreaterThan(0);
      expect(patches[0]!.offset).toBe(offset);
    }
    // Bytes sent after the restart: at most what the server did not have yet.
    const resent = stack.requests
      .filter((r) => r.method === 'PATCH')
      .reduce((sum, r) => sum + r.bytes, 0);
    const largest = Math.max(...sizes.values());
    const held = partial.reduce((sum, [, { offset }]) => sum + offset, 0);
    expect(resent).toBeLessThanOrEqual((39 - storedAtKill) * largest - held);
  }, 120_000);

  it('cancel drops what is not sent and stops what is under way; photos already made stay', async () => {
    const user = await signInAs('business@example.com');
    const folder = path.join(dir, 'Cancelled');
    await mkdir(folder, { recursive: true });
    const files = [];
    for (let i = 0; i < 16; i += 1) {
      const name = `c-${i}.png`;
      await writeFile(path.join(folder, name), pngImage(900 + i, 16, 12, 48 * 1024));
      files.push({ path: path.join(folder, name), name, type: 'image/png' });
    }
    const queue = createUploadQueue({
      filePath: path.join(dir, 'cancelled.json'),
      storageUrl: async () => storageUrl(),
      getAccessToken: async () => user.token,
      getAccountId: async () => user.accountId,
      httpStack: countingHttpStack({ delayMs: 40 }),
      chunkSize: 16 * 1024,
    });
    const before = await photosCount(user.token);
    await queue.add(files, null);
    await vi.waitFor(() => expect(queue.getSnapshot().totals.done).toBeGreaterThan(0), {
      timeout: 30_000,
    });
    await queue.cancel();
    await queue.idle();
    const kept = queue.getSnapshot();
    expect(kept.files.every((f) => f.status === 'done')).toBe(true);
    expect(kept.files.length).toBeLessThan(16);
    const stored = await photosCount(user.token);
    expect(stored - before).toBe(kept.files.length);
    // Nothing arrives later: the transfers under way were stopped.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await photosCount(user.token)).toBe(stored);
  }, 60_000);

  it('starts empty from a damaged queue file and never sends for a signed-out user', async () => {
    const queueFile = path.join(dir, 'damaged.json');
    await writeFile(queueFile, '{"version":1,"files":[{"path":1}]');
    const queue = createUploadQueue({
      filePath: queueFile,
      storageUrl: async () => storageUrl(),
      getAccessToken: async () => null,
      getAccountId: async () => null,
    });
    expect((await queue.resume()).files).toEqual([]);
    await expect(
      queue.add([{ path: path.join(dir, 'x.png'), name: 'x.png', type: 'image/png' }], null),
    ).rejects.toThrow('Not signed in');
  });
  it('uploads two different files of the same name from two folders and reports each by its own id', async () => {
    const user = await signInAs('business@example.com');
    const parent = path.join(dir, 'Same names');
    const sizes = new Map<string, number>();
    for (const [folder, seed, padding] of [
      ['Holiday', 7001, 0],
      ['Birthday', 7002, 64 * 1024],
    ] as const) {
      await mkdir(path.join(parent, folder), { recursive: true });
      const bytes = pngImage(seed, 16, 12, padding);
      await writeFile(path.join(parent, folder, 'IMG_0001.JPG'), bytes);
      sizes.set(folder, bytes.length);
    }
    const picker = createImagePicker(
      vi.fn<ShowOpenDialog>(async () => ({ canceled: false, filePaths: [parent] })),
    );
    const picked = await picker.pickFolder();
    expect(picked.map((p) => p.name)).toEqual(['IMG_0001.JPG', 'IMG_0001.JPG']);
    const queue = createUploadQueue({
      filePath: path.join(dir, 'same-names.json'),
      storageUrl: async () => storageUrl(),
      getAccessToken: async () => user.token,
      getAccountId: async () => user.accountId,
      chunkSize: 16 * 1024,
    });
    const uploader = createUploader({ picker, queue });
    const before = await photosCount(user.token);
    const reports: UploadFile[][] = [];
    const results = await uploader.uploadFiles(
      picked.map((p) => p.handle),
      { albumId: null },
      (files) => reports.push(files),
    );

    // Two files, two ids, two photos.
    const [first, second] = results;
    expect(first!.id).not.toBe(second!.id);
    expect(results.map((r) => [r.name, r.status])).toEqual([
      ['IMG_0001.JPG', 'done'],
      ['IMG_0001.JPG', 'done'],
    ]);
    expect(first!.photoId).not.toBe(second!.photoId);
    expect(await photosCount(user.token)).toBe(before + 2);
    // The first report names both files, in the order picked, before anything is sent.
    expect(reports[0]!.map((f) => f.id)).toEqual([first!.id, second!.id]);
    // Every report of an id is about its own file: its own size, its own way to done.
    const pickedSizes = picked.map((p) => p.size);
    for (const [index, result] of results.entries()) {
      const own = reports.flat().filter((f) => f.id === result.id);
      expect(new Set(own.map((f) => f.size))).toEqual(new Set([pickedSizes[index]]));
      expect(own.map((f) => f.status)).toContain('done');
      expect(own.every((f) => f.sentBytes <= f.size)).toBe(true);
    }
    expect(new Set(pickedSizes)).toEqual(new Set(sizes.values()));
    // The queue's list shows both, apart.
    const listed = queue.listedSnapshot().files;
    expect(listed.map((f) => [f.id, f.size, f.status])).toEqual([
      [first!.id, pickedSizes[0], 'done'],
      [second!.id, pickedSizes[1], 'done'],
    ]);
  }, 60_000);
});
