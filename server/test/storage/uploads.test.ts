import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoSchema } from '@photo/core/api/schemas/photo';
import {
  anonymousUploadsResponseSchema,
  checksumsResponseSchema,
  duplicateUploadErrorSchema,
  uploadResultSchema,
  uploadSchema,
} from '@photo/core/api/schemas/upload';
import { renderDemoJpeg, prng } from '../../src/seed/photos-images.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { Api } from '../photo-management/helpers.ts';
import { apiClient } from '../photo-management/helpers.ts';
import { filesBelow, sha256Hex, tusMetadata, tusRequest, tusUpload, waitUntil } from './helpers.ts';

let server: TestServer;
let demo: Api & { id: string };
let friend: Api & { id: string };

beforeAll(async () => {
  server = await startTestServer({ env: { UPLOAD_MAX_BYTES: String(30 * 1024 * 1024) } });
  const [d, f] = await Promise.all(
    ['demo', 'friend'].map((name) => signIn(server.origin, `${name}@example.com`, 'demo1234')),
  );
  demo = { ...apiClient(server.origin, d!.accessToken), id: d!.claims.sub };
  friend = { ...apiClient(server.origin, f!.accessToken), id: f!.claims.sub };
}, 120_000);

afterAll(async () => {
  await server?.close();
}, 120_000);

const storage = () => path.join(server.dataDir, 'storage');
const originals = () => filesBelow(path.join(storage(), 'originals'));
const partialUploads = () => filesBelow(path.join(storage(), 'uploads'));
const tempFiles = () => filesBelow(path.join(storage(), 'tmp'));
const photoCount = async (api: Api) => (await api.get('/users')).body.photosCount as number;

/** JSON call to the storage API. */
async function storageCall(api: Api | undefined, method: string, route: string, body?: unknown) {
  const response = await fetch(`${server.origin}/api/storage${route}`, {
    method,
    headers: {
      ...(api ? { authorization: `Bearer ${api.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const png = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A PNG of random pixels: incompressible, so about 3 bytes a pixel. */
const noisePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

describe('resumable uploads (tus)', () => {
  it('takes a JPEG, a PNG and a HEIC and answers each photo with thumbnails that load', async () => {
    const heic = await readFile(new URL('../fixtures/red-with-green-circle.heic', import.meta.url));
    const files: Array<[Buffer, string, string]> = [
      [await renderDemoJpeg(prng(11), '2021-07-08T09:10:11.000Z'), 'beach.jpg', 'image/jpeg'],
      [await png(64, 48, '#2255aa'), 'scan.png', 'image/png'],
      [heic, 'IMG_0042.HEIC', ''],
    ];
    const before = await photoCount(demo);
    for (const [bytes, filename, filetype] of files) {
      const outcome = await tusUpload(server.origin, demo.token, bytes, { filename, filetype });
      expect(outcome.status, filename).toBe(200);
      const result = uploadResultSchema.parse(outcome.body);
      expect(result.status).toBe('created');
      expect(result.photo.localFileName).toBe(filename);
      expect(result.photo.uploadId).toBe(result.uploadId);
      expect(outcome.url).toContain(`/api/storage/files/${result.uploadId}`);
      expect(result.photo.thumbnails.map((t) => t.id)).toEqual(['300', '800', '1300']);
      for (const thumbnail of result.photo.thumbnails) {
        const response = await fetch(thumbnail.url);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/jpeg');
      }
      // The photo is in the library like any other, with the bytes sent.
      const photo = photoSchema.parse((await demo.get(`/photos/${result.photoId}`)).body);
      const original = Buffer.from(await (await fetch(photo.url)).arrayBuffer());
      expect(sha256Hex(original)).toBe(sha256Hex(bytes));
    }
    expect(await photoCount(demo)).toBe(before + 3);
    expect((await demo.get('/users/timeline')).body.timeline['2021']['7']).toBe(1);
    // Nothing of the transfers is left behind (the thumbnails, made behind the answers, pass
    // through temp files of their own until each is renamed into place).
    expect(await partialUploads()).toEqual([]);
    expect(await waitUntil(async () => (await tempFiles()).length === 0)).toBe(true);
  });

  it('refuses a renamed text file naming it, stores nothing, and the upload record says why', async () => {
    const before = { photos: await photoCount(demo), originals: await originals() };
    const text = Buffer.from('Dear customer, this is not a photo.\n'.repeat(20));
    const outcome = await tusUpload(server.origin, demo.token, text, {
      filename: 'holiday.jpg',
      filetype: 'image/jpeg',
    });
    expect(outcome.status).toBe(415);
    expect(outcome.body).toMatchObject({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: '"holiday.jpg" is not a JPEG, PNG or HEIC image',
      field: 'body',
    });
    expect(await photoCount(demo)).toBe(before.photos);
    expect(await originals()).toEqual(before.originals);
    expect(await partialUploads()).toEqual([]);
    const id = outcome.url!.split('/').pop()!;
    const record = await storageCall(demo, 'GET', `/uploads/${id}?accountId=${demo.id}`);
    expect(uploadSchema.parse(record.body)).toMatchObject({
      status: 'refused',
      error: '"holiday.jpg" is not a JPEG, PNG or HEIC image',
      photoId: null,
    });
    // A JPEG header on garbage is refused too, after the decode.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]);
    const broken = await tusUpload(server.origin, demo.token, fake, { filename: 'cut.jpg' });
    expect(broken.status).toBe(415);
    expect(broken.body.message).toMatch(/^"cut\.jpg" could not be (read|decoded) as a JPEG image$/);
  });

  it('resumes a 20 MB upload cut half way from the server’s offset; the stored file has the original checksum', async () => {
    const bytes = await noisePng(2600, 2600);
    expect(bytes.length).toBeGreaterThan(20_000_000);
    const checksum = sha256Hex(bytes);
    const created = await tusRequest(server.origin, demo.token, 'POST', '/api/storage/files', {
      'upload-length': String(bytes.length),
      'upload-metadata': tusMetadata({ filename: 'big.png', filetype: 'image/png', checksum }),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/storage\/files\/[0-9a-f-]{36}$/);

    // Send half the body, then drop the connection.
    const half = Math.floor(bytes.length / 2);
    await new Promise<void>((resolve) => {
      const request = http.request(`${server.origin}${location}`, {
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          authorization: `Bearer ${demo.token}`,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
      });
      request.on('error', () => resolve());
      request.write(bytes.subarray(0, half), () =>
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 300),
      );
    });
    let last = -1;
    const offset = await waitUntil(async () => {
      const head = await tusRequest(server.origin, demo.token, 'HEAD', location);
      expect(head.status).toBe(200);
      const now = Number(head.headers.get('upload-offset'));
      const settled = now > 0 && now === last;
      last = now;
      return settled ? now : undefined;
    });
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);
    const record = await storageCall(
      demo,
      'GET',
      `${location.replace('/api/storage/files', '/uploads')}?accountId=${demo.id}`,
    );
    expect(uploadSchema.parse(record.body)).toMatchObject({
      status: 'uploading',
      offset,
      size: bytes.length,
    });
    expect(record.body.expires).not.toBeNull();

    // The client picks up at the server's offset, not at 0.
    const progress: number[] = [];
    const outcome = await tusUpload(server.origin, demo.token, bytes, {
      uploadUrl: `${server.origin}${location}`,
      filename: 'big.png',
      filetype: 'image/png',
      chunkSize: 4 * 1024 * 1024,
      onProgress: (sent) => progress.push(sent),
    });
    expect(outcome.status).toBe(200);
    expect(progress[0]).toBeGreaterThanOrEqual(offset);
    const result = uploadResultSchema.parse(outcome.body);
    expect(result.status).toBe('created');
    const stored = await readFile(
      path.join(storage(), 'originals', checksum.slice(0, 2), checksum),
    );
    expect(sha256Hex(stored)).toBe(checksum);
    const done = await storageCall(demo, 'GET', `/uploads/${result.uploadId}?accountId=${demo.id}`);
    expect(done.body).toMatchObject({ status: 'created', offset: bytes.length, expires: null });
    // A client that missed the completing answer resumes with HEAD and hears "complete".
    const head = await tusRequest(server.origin, demo.token, 'HEAD', location);
    expect([head.status, head.headers.get('upload-offset')]).toEqual([200, String(bytes.length)]);
    expect(await partialUploads()).toEqual([]);
  }, 120_000);

  it('never stores the same bytes twice for a user: refused before sending, or found on arrival', async () => {
    const bytes = await renderDemoJpeg(prng(21), '2020-05-06T07:08:09.000Z');
    const first = await tusUpload(server.origin, demo.token, bytes, { filename: 'first.jpg' });
    expect(first.status).toBe(200);
    const photoId = first.body.photoId;
    const before = { photos: await photoCount(demo), originals: await originals() };

    // Again, into an album: the creation is refused with the photo, which joins the album.
    const albumId = (await demo.send('POST', '/albums', { name: 'Again' })).body.albumId;
    const again = await tusUpload(server.origin, demo.token, bytes, {
      filename: 'copy of first.jpg',
      albumId,
    });
    expect(again.status).toBe(409);
    expect(again.url).toBeNull();
    const duplicate = duplicateUploadErrorSchema.parse(again.body);
    expect(duplicate).toMatchObject({ status: 'duplicate', photoId });
    expect(duplicate.message).toBe('"copy of first.jpg" is already in your photos');
    expect((await demo.get(`/albums/${albumId}`)).body.photosCount).toBe(1);

    // A client that skipped every check: two uploads of new bytes, both created before either
    // finished. The second finds the first on arrival and stores nothing.
    const other = await renderDemoJpeg(prng(22), null);
    const create = async () =>
      (
        await tusRequest(server.origin, demo.token, 'POST', '/api/storage/files', {
          'upload-length': String(other.length),
          'upload-metadata': tusMetadata({ filename: 'twin.jpg', checksum: sha256Hex(other) }),
        })
      ).headers.get('location')!;
    const [a, b] = [await create(), await create()];
    const send = (location: string) =>
      tusRequest(
        server.origin,
        demo.token,
        'PATCH',
        location,
        { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        other,
      );
    const created = await send(a);
    const twin = await send(b);
    expect([created.status, twin.status]).toEqual([200, 200]);
    expect(created.body.status).toBe('created');
    expect(twin.body).toMatchObject({ status: 'duplicate', photoId: created.body.photoId });
    expect(await photoCount(demo)).toBe(before.photos + 1);
    expect((await originals()).length).toBe(before.originals.length + 1);

    // And both sent at the very same time (on PostgreSQL, on two pooled connections): still
    // one photo, the other upload answered with it.
    const third = await renderDemoJpeg(prng(23), null);
    const createThird = async () =>
      (
        await tusRequest(server.origin, demo.token, 'POST', '/api/storage/files', {
          'upload-length': String(third.length),
          'upload-metadata': tusMetadata({ filename: 'triplet.jpg', checksum: sha256Hex(third) }),
        })
      ).headers.get('location')!;
    const [c, d] = [await createThird(), await createThird()];
    const sendThird = (location: string) =>
      tusRequest(
        server.origin,
        demo.token,
        'PATCH',
        location,
        { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        third,
      );
    const atOnce = await Promise.all([sendThird(c), sendThird(d)]);
    expect(atOnce.map((answer) => answer.body.status).sort()).toEqual(['created', 'duplicate']);
    expect(new Set(atOnce.map((answer) => answer.body.photoId)).size).toBe(1);
    expect(await photoCount(demo)).toBe(before.photos + 2);

    // The same bytes are someone else's to upload: friend gets their own photo.
    const friends = await tusUpload(server.origin, friend.token, bytes, { filename: 'mine.jpg' });
    expect(friends.status).toBe(200);
    expect(friends.body.status).toBe('created');
    expect(friends.body.photoId).not.toBe(photoId);

    // The multipart upload refuses a second copy too.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'x.jpg');
    const multipart = await fetch(`${server.origin}/api/photo/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.token}` },
      body: form,
    });
    expect(multipart.status).toBe(409);
    expect(await multipart.json()).toMatchObject({
      statusCode: 409,
      field: 'body.file',
      photoId,
    });
  });

  it('finishes a photo sent whole with its creation (creation-with-upload) in that one request', async () => {
    const bytes = await renderDemoJpeg(prng(25), '2019-03-04T05:06:07.000Z');
    const before = await photoCount(demo);
    const outcome = await tusUpload(server.origin, demo.token, bytes, {
      filename: 'one request.jpg',
      withCreation: true,
    });
    // 201 (a creation), with the upload's location and the photo.
    expect(outcome.status).toBe(201);
    const result = uploadResultSchema.parse(outcome.body);
    expect(result).toMatchObject({ status: 'created' });
    expect(outcome.url).toContain(`/api/storage/files/${result.uploadId}`);
    expect(await photoCount(demo)).toBe(before + 1);
    const record = await storageCall(demo, 'POST', '/getanonymousuploads', {
      uploadIds: [result.uploadId],
    });
    expect(record.body.uploads[0]).toMatchObject({ status: 'created', photoId: result.photoId });
    // The upload's own files go once the answer is out; the thumbnails' temp files (written
    // behind the answer) once each is renamed into place.
    expect(await waitUntil(async () => (await partialUploads()).length === 0)).toBe(true);
    expect(await waitUntil(async () => (await tempFiles()).length === 0)).toBe(true);

    // Bytes the user has, sent with the creation anyway: the 409 with the photo all the same,
    // and bent bytes the 422, as without them.
    const again = await tusUpload(server.origin, demo.token, bytes, { withCreation: true });
    expect(again.status).toBe(409);
    expect(duplicateUploadErrorSchema.parse(again.body).photoId).toBe(result.photoId);
    const bent = await tusUpload(server.origin, demo.token, await renderDemoJpeg(prng(26), null), {
      checksum: sha256Hex(Buffer.from('something else')),
      withCreation: true,
    });
    expect(bent.status).toBe(422);
    expect(await photoCount(demo)).toBe(before + 1);
  });

  it('checks the received bytes against the declared checksum', async () => {
    const before = await originals();
    const bytes = await renderDemoJpeg(prng(31), null);
    const outcome = await tusUpload(server.origin, demo.token, bytes, {
      filename: 'bent.jpg',
      checksum: sha256Hex(Buffer.from('something else')),
    });
    expect(outcome.status).toBe(422);
    expect(outcome.body).toMatchObject({
      message: 'The bytes received for "bent.jpg" do not match its checksum; send it again',
      field: 'headers.upload-metadata.checksum',
    });
    expect(await originals()).toEqual(before);
  });

  it('binds every upload id to its creator', async () => {
    const bytes = await renderDemoJpeg(prng(41), null);
    const created = await tusRequest(server.origin, demo.token, 'POST', '/api/storage/files', {
      'upload-length': String(bytes.length),
      'upload-metadata': tusMetadata({ filename: 'private.jpg', checksum: sha256Hex(bytes) }),
    });
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;
    const patch = { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' };
    for (const [method, headers, body] of [
      ['HEAD', {}, undefined],
      ['PATCH', patch, bytes],
      ['DELETE', {}, undefined],
    ] as const) {
      const response = await tusRequest(
        server.origin,
        friend.token,
        method,
        location,
        headers,
        body,
      );
      expect(response.status, method).toBe(404);
      if (method !== 'HEAD') expect(response.body.field, method).toBe('params.id');
    }
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      const response = await tusRequest(server.origin, undefined, method, location, patch);
      expect(response.status, method).toBe(401);
    }
    expect((await storageCall(friend, 'GET', `/uploads/${id}?accountId=${friend.id}`)).status).toBe(
      404,
    );
    const foreignAccount = await storageCall(demo, 'GET', `/uploads/${id}?accountId=${friend.id}`);
    expect([foreignAccount.status, foreignAccount.body.field]).toEqual([403, 'query.accountId']);
    const asked = await storageCall(friend, 'POST', '/getanonymousuploads', { uploadIds: [id] });
    expect(asked.body).toEqual({ uploads: [] });

    // Untouched: demo finishes it, then cancels nothing (a finished upload has no bytes left).
    const head = await tusRequest(server.origin, demo.token, 'HEAD', location);
    expect(head.headers.get('upload-offset')).toBe('0');
    const done = await tusRequest(server.origin, demo.token, 'PATCH', location, patch, bytes);
    expect(done.body.status).toBe('created');
  });

  it('cancels a partial upload with DELETE: bytes and record gone', async () => {
    const bytes = await renderDemoJpeg(prng(51), null);
    const created = await tusRequest(server.origin, demo.token, 'POST', '/api/storage/files', {
      'upload-length': String(bytes.length),
      'upload-metadata': tusMetadata({ filename: 'cancel.jpg', checksum: sha256Hex(bytes) }),
    });
    const location = created.headers.get('location')!;
    await tusRequest(
      server.origin,
      demo.token,
      'PATCH',
      location,
      { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      bytes.subarray(0, 1000),
    );
    expect((await partialUploads()).length).toBe(1); // the bytes (tus's record is the row)
    const deleted = await tusRequest(server.origin, demo.token, 'DELETE', location);
    expect(deleted.status).toBe(204);
    expect(await waitUntil(async () => (await partialUploads()).length === 0)).toBe(true);
    const id = location.split('/').pop()!;
    await waitUntil(
      async () =>
        (await storageCall(demo, 'GET', `/uploads/${id}?accountId=${demo.id}`)).status === 404,
    );
  });
});

describe('duplicate check and upload records', () => {
  it('answers which checksums the caller already has, in either case', async () => {
    const bytes = await renderDemoJpeg(prng(61), null);
    const uploaded = await tusUpload(server.origin, demo.token, bytes, { filename: 'known.jpg' });
    const known = sha256Hex(bytes);
    const unknown = sha256Hex(Buffer.from('never uploaded'));
    const answer = await storageCall(demo, 'POST', '/checksums', {
      algorithm: 'SHA-256',
      checksums: [known.toUpperCase(), unknown, known],
    });
    expect(answer.status).toBe(200);
    expect(checksumsResponseSchema.parse(answer.body)).toEqual({
      algorithm: 'SHA-256',
      known: [{ checksum: known, photoId: uploaded.body.photoId }],
    });
    const friends = await storageCall(friend, 'POST', '/checksums', {
      algorithm: 'SHA-256',
      checksums: [known],
    });
    expect(friends.body.known).toEqual([]);
    // 1,000 at once is fine.
    const many = Array.from({ length: 1000 }, (_, i) => sha256Hex(Buffer.from(String(i))));
    const big = await storageCall(demo, 'POST', '/checksums', {
      algorithm: 'SHA-256',
      checksums: [...many.slice(0, 999), known],
    });
    expect(big.body.known).toHaveLength(1);
  });

  it('tells a device about the uploads it kept ids of, the caller’s only', async () => {
    const bytes = await renderDemoJpeg(prng(71), null);
    const done = await tusUpload(server.origin, demo.token, bytes, { filename: 'kept.jpg' });
    const partial = await tusRequest(server.origin, demo.token, 'POST', '/api/storage/files', {
      'upload-length': '5000',
      'upload-metadata': tusMetadata({
        filename: 'partial.jpg',
        checksum: sha256Hex(Buffer.from('partial')),
      }),
    });
    const friendsUpload = await tusUpload(
      server.origin,
      friend.token,
      await renderDemoJpeg(prng(72), null),
      { filename: 'friend.jpg' },
    );
    const ids = [
      done.body.uploadId,
      partial.headers.get('location')!.split('/').pop()!,
      friendsUpload.body.uploadId,
      randomUUID(),
    ];
    const answer = await storageCall(demo, 'POST', '/getanonymousuploads', { uploadIds: ids });
    expect(answer.status).toBe(200);
    const { uploads } = anonymousUploadsResponseSchema.parse(answer.body);
    expect(uploads.map((u) => [u.uploadId, u.status, u.fileName])).toEqual([
      [ids[0], 'created', 'kept.jpg'],
      [ids[1], 'uploading', 'partial.jpg'],
    ]);
    expect(uploads[0]).toMatchObject({ photoId: done.body.photoId, accountId: demo.id });
    expect(uploads[1]).toMatchObject({ offset: 0, size: 5000, photoId: null });
  });
});

describe('bad input', () => {
  const jpegChecksum = sha256Hex(Buffer.from('x'));

  it('refuses bad tus requests with the error JSON naming the header or metadata key', async () => {
    const album = (await friend.send('POST', '/albums', { name: 'Not yours' })).body.albumId;
    const create = (headers: Record<string, string>) =>
      tusRequest(server.origin, demo.token, 'POST', '/api/storage/files', headers);
    const meta = (fields: Record<string, string>) => ({
      'upload-length': '100',
      'upload-metadata': tusMetadata(fields),
    });
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ 'upload-length': '100' }, 400, 'headers.upload-metadata.filename'],
      [meta({ checksum: jpegChecksum }), 400, 'headers.upload-metadata.filename'],
      [meta({ filename: 'a.jpg' }), 400, 'headers.upload-metadata.checksum'],
      [meta({ filename: 'a.jpg', checksum: 'abc' }), 400, 'headers.upload-metadata.checksum'],
      [meta({ filename: '', checksum: jpegChecksum }), 400, 'headers.upload-metadata.filename'],
      [
        meta({ filename: 'a.jpg', checksum: jpegChecksum, albumId: 'nope' }),
        400,
        'headers.upload-metadata.albumId',
      ],
      [
        meta({ filename: 'a.jpg', checksum: jpegChecksum, albumId: album }),
        404,
        'headers.upload-metadata.albumId',
      ],
      [
        { 'upload-length': '100', 'upload-metadata': 'filename not base64!,,' },
        400,
        'headers.upload-metadata',
      ],
      [{ 'upload-length': '-1' }, 400, 'headers.upload-length'],
      [{ 'upload-length': '1e3' }, 400, 'headers.upload-length'],
      [
        { ...meta({ filename: 'a.jpg', checksum: jpegChecksum }), 'upload-length': '99999999999' },
        413,
        'headers.upload-length',
      ],
      [{ 'upload-defer-length': '1' }, 400, 'headers.upload-defer-length'],
      [{ 'upload-concat': 'partial' }, 400, 'headers.upload-concat'],
      [{ 'tus-resumable': '0.2.2' }, 412, 'headers.tus-resumable'],
      [{}, 400, 'headers.upload-length'],
    ];
    for (const [headers, status, field] of cases) {
      const response = await create(headers);
      expect([response.status, response.body?.field], JSON.stringify(headers)).toEqual([
        status,
        field,
      ]);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.body).toMatchObject({ statusCode: status, message: expect.any(String) });
    }
    // PATCH: wrong offset, wrong content type, unknown or malformed id.
    const created = await create(meta({ filename: 'a.jpg', checksum: jpegChecksum }));
    const location = created.headers.get('location')!;
    const patch = async (url: string, headers: Record<string, string>) =>
      tusRequest(server.origin, demo.token, 'PATCH', url, headers, Buffer.alloc(10));
    const octets = 'application/offset+octet-stream';
    const patches: Array<[string, Record<string, string>, number, string]> = [
      [location, { 'upload-offset': '5', 'content-type': octets }, 409, 'headers.upload-offset'],
      [location, { 'content-type': octets }, 403, 'headers.upload-offset'],
      [
        location,
        { 'upload-offset': '0', 'content-type': 'image/jpeg' },
        415,
        'headers.content-type',
      ],
      [
        `/api/storage/files/${randomUUID()}`,
        { 'upload-offset': '0', 'content-type': octets },
        404,
        'params.id',
      ],
      [
        '/api/storage/files/..%2F..%2Fapp.db',
        { 'upload-offset': '0', 'content-type': octets },
        400,
        'params.id',
      ],
    ];
    for (const [url, headers, status, field] of patches) {
      const response = await patch(url, headers);
      expect([response.status, response.body?.field], `${url} ${JSON.stringify(headers)}`).toEqual([
        status,
        field,
      ]);
    }
    // Too many bytes for the declared length.
    const over = await tusRequest(
      server.origin,
      demo.token,
      'PATCH',
      location,
      { 'upload-offset': '0', 'content-type': octets },
      Buffer.alloc(200),
    );
    expect(over.status).toBe(413);
    expect(over.body.statusCode).toBe(413);
  });

  it('refuses bad checksum lists, ids and queries with 400 naming the field; 401 without a token', async () => {
    const checksum = sha256Hex(Buffer.from('y'));
    const cases: Array<[string, string, unknown, number, string]> = [
      ['POST', '/checksums', { checksums: [checksum] }, 400, 'body.algorithm'],
      ['POST', '/checksums', { algorithm: 'MD5', checksums: [checksum] }, 400, 'body.algorithm'],
      ['POST', '/checksums', { algorithm: 'SHA-256', checksums: [] }, 400, 'body.checksums'],
      ['POST', '/checksums', { algorithm: 'SHA-256', checksums: ['xyz'] }, 400, 'body.checksums.0'],
      [
        'POST',
        '/checksums',
        { algorithm: 'SHA-256', checksums: Array.from({ length: 1001 }, () => checksum) },
        400,
        'body.checksums',
      ],
      ['POST', '/checksums', { algorithm: 'SHA-256', checksums: 'abc' }, 400, 'body.checksums'],
      ['POST', '/getanonymousuploads', { uploadIds: ['nope'] }, 400, 'body.uploadIds.0'],
      ['POST', '/getanonymousuploads', { uploadIds: [] }, 400, 'body.uploadIds'],
      ['POST', '/getanonymousuploads', [randomUUID()], 400, 'body'],
      ['GET', `/uploads/nope?accountId=${demo.id}`, undefined, 400, 'params.id'],
      ['GET', `/uploads/${randomUUID()}`, undefined, 400, 'query.accountId'],
      ['GET', `/uploads/${randomUUID()}?accountId=${demo.id}`, undefined, 404, 'params.id'],
    ];
    for (const [method, route, body, status, field] of cases) {
      const response = await storageCall(demo, method, route, body);
      expect([response.status, response.body.field], `${method} ${route}`).toEqual([status, field]);
    }
    for (const [method, route] of [
      ['POST', '/checksums'],
      ['POST', '/getanonymousuploads'],
      ['GET', `/uploads/${randomUUID()}?accountId=x`],
      ['POST', '/files'],
    ]) {
      const response = await storageCall(
        undefined,
        method!,
        route!,
        method === 'GET' ? undefined : {},
      );
      expect([response.status, response.body.field], `${method} ${route}`).toEqual([
        401,
        'headers.authorization',
      ]);
    }
    // OPTIONS tells the protocol's capabilities without a token.
    const options = await fetch(`${server.origin}/api/storage/files`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('tus-max-size')).toBe(String(30 * 1024 * 1024));
    expect(options.headers.get('tus-extension')).toContain('expiration');
  });

  it('never answers 5xx to random tus headers, ids and JSON bodies (fast-check)', async () => {
    const header = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('0', '-1', '1.0.0', '99999999999999999999', 'partial', 'final;', '1'),
    );
    const id = fc.oneof(fc.uuid(), fc.string({ maxLength: 12 }), fc.constantFrom('..', '%00'));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'HEAD', 'PATCH', 'DELETE'),
        id,
        fc.dictionary(
          fc.constantFrom(
            'upload-length',
            'upload-offset',
            'upload-metadata',
            'upload-defer-length',
            'upload-concat',
            'tus-resumable',
            'content-type',
          ),
          header,
          { maxKeys: 5 },
        ),
        fc.uint8Array({ maxLength: 64 }),
        async (method, uploadId, headers, body) => {
          const url = `/api/storage/files${method === 'POST' ? '' : `/${encodeURIComponent(uploadId)}`}`;
          const safeHeaders = Object.fromEntries(
            Object.entries(headers).filter(([, value]) => /^[\x20-\x7e]*$/.test(value)),
          );
          const response = await server.app.inject({
            method,
            url,
            headers: { authorization: `Bearer ${demo.token}`, ...safeHeaders },
            ...(method === 'PATCH' || method === 'POST' ? { payload: Buffer.from(body) } : {}),
          });
          if (response.statusCode >= 500)
            throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
          if (response.statusCode >= 400 && method !== 'HEAD')
            expect(response.json()).toMatchObject({ statusCode: response.statusCode });
        },
      ),
      { numRuns: 300, seed: 7 },
    );
    const json = fc.oneof(
      fc.jsonValue(),
      fc.record({ algorithm: fc.string(), checksums: fc.array(fc.string(), { maxLength: 3 }) }),
      fc.record({ uploadIds: fc.array(fc.oneof(fc.uuid(), fc.string()), { maxLength: 3 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/checksums', '/getanonymousuploads'),
        json,
        async (route, payload) => {
          const response = await server.app.inject({
            method: 'POST',
            url: `/api/storage${route}`,
            headers: { authorization: `Bearer ${demo.token}`, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 200, seed: 8 },
    );
  }, 120_000);
});
