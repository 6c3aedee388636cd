import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UploadProgress } from '../../common/ipc-contract';
import { createUploader } from '../uploads/uploader';
import { createImagePicker, UnknownHandleError, type ShowOpenDialog } from './image-picker';

let dir: string;
const photo = Buffer.alloc(600 * 1024, 7);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'photo-files-'));
  await writeFile(path.join(dir, 'beach.JPG'), photo);
  await writeFile(path.join(dir, 'cat.heic'), Buffer.from('heic-bytes'));
  await writeFile(path.join(dir, 'notes.txt'), 'not an image');
  await writeFile(path.join(dir, 'script.png.exe'), 'nope');
  await mkdir(path.join(dir, 'folder.png'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const dialogReturning = (names: string[], canceled = false) =>
  vi.fn<ShowOpenDialog>(async () => ({ canceled, filePaths: names.map((n) => path.join(dir, n)) }));

describe('image picker', () => {
  it('offers only HEIC/JPEG/PNG and returns opaque handles, not paths', async () => {
    const showOpenDialog = dialogReturning([
      'beach.JPG',
      'cat.heic',
      'notes.txt',
      'script.png.exe',
      'folder.png',
      'gone.png',
    ]);
    const picker = createImagePicker(showOpenDialog);
    const picked = await picker.pickImages();

    expect(showOpenDialog.mock.calls[0]![0].filters).toEqual([
      { name: 'Images', extensions: ['heic', 'jpg', 'jpeg', 'png'] },
    ]);
    expect(picked.map(({ name, type, size }) => ({ name, type, size }))).toEqual([
      { name: 'beach.JPG', type: 'image/jpeg', size: photo.length },
      { name: 'cat.heic', type: 'image/heic', size: 10 },
    ]);
    for (const image of picked) {
      expect(image.handle).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.stringify(image)).not.toContain(dir);
      expect(picker.resolve(image.handle).path.startsWith(dir)).toBe(true);
    }
  });

  it('resolves only handles it issued', async () => {
    const picker = createImagePicker(dialogReturning([], true));
    expect(await picker.pickImages()).toEqual([]);
    expect(() => picker.resolve('/etc/passwd')).toThrow(UnknownHandleError);
    expect(() => picker.resolve('6f1d1c5e-2b1a-4c1e-9a5e-8f3a3a0b1c2d')).toThrow(
      UnknownHandleError,
    );
  });
});

describe('uploader', () => {
  let server: http.Server;
  let origin: string;
  const received: { url: string; authorization: string | undefined; body: Buffer }[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        received.push({
          url: request.url ?? '',
          authorization: request.headers.authorization,
          body: Buffer.concat(chunks),
        });
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ imageId: `img-${received.length}` }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('streams picked files as multipart with progress and forgets used handles', async () => {
    const picker = createImagePicker(dialogReturning(['beach.JPG', 'cat.heic']));
    const handles = (await picker.pickImages()).map((p) => p.handle);
    const uploader = createUploader({
      picker,
      getAccessToken: async () => 'tok',
      endpoint: new URL('/upload', origin),
      concurrency: 2,
    });
    const progress: UploadProgress[] = [];
    const results = await uploader.uploadFiles(handles, { albumId: 'a1' }, (p) => progress.push(p));

    expect(results.map((r) => [r.fileName, r.done, r.error, r.loadedBytes])).toEqual([
      ['beach.JPG', true, undefined, photo.length],
      ['cat.heic', true, undefined, 10],
    ]);
    expect(results.every((r) => r.photoId?.startsWith('img-'))).toBe(true);
    const beach = received.find((r) => r.body.includes('filename="beach.JPG"'))!;
    expect(beach.url).toBe('/upload');
    expect(beach.body.toString('latin1')).toMatch(
      /Content-Disposition: form-data; name="albumId"\r\n\r\na1\r\n--/,
    );
    expect(beach.authorization).toBe('Bearer tok');
    expect(beach.body.includes(photo)).toBe(true);
    expect(beach.body.toString('latin1')).toContain('Content-Type: image/jpeg');
    expect(progress.filter((p) => p.fileName === 'beach.JPG' && !p.done).length).toBeGreaterThan(1);
    expect(() => picker.resolve(handles[0]!)).toThrow(UnknownHandleError);
  });

  it('refuses unknown handles before sending anything', async () => {
    const before = received.length;
    const uploader = createUploader({
      picker: createImagePicker(dialogReturning([])),
      getAccessToken: async () => 'tok',
      endpoint: new URL(origin),
    });
    await expect(
      uploader.uploadFiles(['6f1d1c5e-2b1a-4c1e-9a5e-8f3a3a0b1c2d'], { albumId: null }, () => {}),
    ).rejects.toThrow(UnknownHandleError);
    expect(received.length).toBe(before);
  });

  it('reports a per-file error when signed out', async () => {
    const picker = createImagePicker(dialogReturning(['cat.heic']));
    const [image] = await picker.pickImages();
    const uploader = createUploader({
      picker,
      getAccessToken: async () => null,
      endpoint: new URL(origin),
    });
    const [result] = await uploader.uploadFiles([image!.handle], { albumId: null }, () => {});
    expect(result).toMatchObject({ fileName: 'cat.heic', done: true, error: 'Not signed in' });
  });
});
