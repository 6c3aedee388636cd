/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoSchema } from '@photo/core/api/schemas/photo';
import { renderDemoJpeg, prng } from '../../src/seed/photos-images.ts';
import { demoUserId } from '../../src/seed/users.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import { thumbnailsIdle } from '../../src/testing/thumbnail-jobs.ts';
import type { Api } from './helpers.ts';
import { apiClient, uploadPhoto } from './helpers.ts';

const MAX_BYTES = 300_000;
let server: TestServer;
let demo: Api;
let friend: Api;

beforeAll(async () => {
  server = await startTestServer({ seed: 'users', env: { UPLOAD_MAX_BYTES: String(MAX_BYTES) } });
  demo = apiClient(
    server.origin,
    (await signIn(server.origin, 'demo@example.com', 'demo1234')).accessToken,
  );
  friend = apiClient(
    server.origin,
    (await signIn(server.origin, 'friend@example.com', 'demo1234')).accessToken,
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const upload = (api: Api, bytes: Buffer, name: string, type: string, albumId?: string) =>
  uploadPhoto(server.origin, api, bytes, name, type, albumId);

/** Files in storage once the queued thumbnails are made (they follow the upload's answer). */
async function storedFiles(): Promise<string[]> {
  await thumbnailsIdle(server);
  const root = path.join(server.dataDir, 'storage');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function photoCount(api: Api): Promise<number> {
  return (await api.get('/users')).body.photosCount;
}

describe('upload', () => {
  it('stores a JPEG with its EXIF date, visible size and three thumbnails', async () => {
    const jpeg = await renderDemoJpeg(prng(1), '2022-03-04T05:06:07.000Z');
    const { status, body } = await upload(demo, jpeg, 'holiday.jpg', 'image/jpeg');
    expect(status).toBe(201);
    const photo = photoSchema.parse(body);
    expect(photo.dateTaken).toBe('2022-03-04T05:06:07.000Z');
    expect(photo.localFileName).toBe('holiday.jpg');
    expect([photo.visibleWidth, photo.visibleHeight].sort()).toEqual([360, 480]);
    expect(photo.thumbnails.map((t) => t.id)).toEqual(['300', '800', '1300']);
    expect((await demo.get('/users/timeline')).body.timeline['2022']['3']).toBe(1);
    const original = await fetch(photo.url);
    expect(Buffer.from(await original.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  it('decodes a real HEIC (sharp cannot) into thumbnails that show the picture', async () => {
    const heic = await readFile(new URL('../fixtures/red-with-green-circle.heic', import.meta.url));
    const { status, body } = await upload(demo, heic, 'IMG_0001.HEIC', 'image/heic');
    expect(status).toBe(201);
    const photo = photoSchema.parse(body);
    expect([photo.visibleWidth, photo.visibleHeight]).toEqual([320, 240]);
    const thumbnail = photo.thumbnails.find((t) => t.id === '300')!;
    const rendered = await fetch(thumbnail.url);
    expect(rendered.status).toBe(200);
    const { data, info } = await sharp(Buffer.from(await rendered.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number): [number, number, number] => {
      const at =
        (Math.round(y * info.height) * info.width + Math.round(x * info.width)) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!];
    };
    const [r1, g1] = pixel(0.9, 0.1); // background: red
    expect(r1).toBeGreaterThan(150);
    expect(g1).toBeLessThan(120);
    const [r2, g2] = pixel(100 / 320, 0.5); // circle centre: green
    expect(g2).toBeGreaterThan(r2);
  });

  it('files a PNG without a date under January 1970, whatever the declared type and name', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#3366aa' },
    })
      .png()
      .toBuffer();
    const { status, body } = await upload(demo, png, 'scan.heic', 'application/octet-stream');
    expect(status).toBe(201);
    expect(body.dateTaken).toBeUndefined();
    expect(
      (await demo.get('/photos/timeline/1970/1')).body.images.map((p: any) => p.imageId),
    ).toContain(body.imageId);
  });

  it('adds to an own album, refuses a foreign album with no row and no orphan file', async () => {
    const album = (await demo.send('POST', '/albums', { name: 'Uploads' })).body.albumId;
    const ok = await upload(
      demo,
      await renderDemoJpeg(prng(2), null),
      'a.jpg',
      'image/jpeg',
      album,
    );
    expect(ok.status).toBe(201);
    expect((await demo.get(`/albums/${album}`)).body.photosCount).toBe(1);

    const foreignAlbum = (await friend.send('POST', '/albums', { name: 'Private' })).body.albumId;
    const before = { files: await storedFiles(), photos: await photoCount(demo) };
    const refused = await upload(
      demo,
      await renderDemoJpeg(prng(3), null),
      'b.jpg',
      'image/jpeg',
      foreignAlbum,
    );
    expect(refused.status).toBe(404);
    expect(refused.body.field).toBe('body.albumId');
    expect(await photoCount(demo)).toBe(before.photos);
    expect((await storedFiles()).sort()).toEqual(before.files.sort());
    expect(
      (await upload(demo, await renderDemoJpeg(prng(3), null), 'b.jpg', 'image/jpeg', 'not-a-uuid'))
        .body.field,
    ).toBe('body.albumId');
  });

  it('keeps the (cached) timeline in step with uploads, deletes and delete-all', async () => {
    const month = async () => (await demo.get('/users/timeline')).body.timeline['2019']?.['6'] ?? 0;
    expect(await month()).toBe(0);
    expect(await month()).toBe(0); // served again, now from the cache
    const first = await upload(
      demo,
      await renderDemoJpeg(prng(4), '2019-06-01T10:00:00.000Z'),
      'c.jpg',
      'image/jpeg',
    );
    const second = await upload(
      demo,
      await renderDemoJpeg(prng(5), '2019-06-02T10:00:00.000Z'),
      'd.jpg',
      'image/jpeg',
    );
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await month()).toBe(2);
    expect((await demo.send('DELETE', '/photos', { photoIds: [first.body.imageId] })).status).toBe(
      200,
    );
    expect(await month()).toBe(1);
    expect((await demo.send('DELETE', '/photos/all')).status).toBe(200);
    expect((await demo.get('/users/timeline')).body.timeline).toEqual({});
  });

  it('rejects non-images, fake headers, truncated images and oversize files, leaving nothing behind', async () => {
    const before = { files: await storedFiles(), photos: await photoCount(demo) };
    const jpeg = await renderDemoJpeg(prng(4), null);
    const fakeHeic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic'),
      Buffer.alloc(64, 7),
    ]);
    const cases: Array<[Buffer, string, string, number]> = [
      [Buffer.from('hello, not an image'), 'x.jpg', 'image/jpeg', 400],
      [fakeHeic, 'x.heic', 'image/heic', 400],
      [jpeg.subarray(0, 200), 'cut.jpg', 'image/jpeg', 400],
      [
        Buffer.concat([Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]), Buffer.alloc(100)]),
        'x.gif',
        'image/jpeg',
        400,
      ],
      [Buffer.concat([jpeg, Buffer.alloc(MAX_BYTES)]), 'big.jpg', 'image/jpeg', 413],
    ];
    for (const [bytes, name, type, status] of cases) {
      const response = await upload(demo, bytes, name, type);
      expect(response.status, name).toBe(status);
      expect(response.body.field, name).toBe('body.file');
    }
    const json = await demo.send('POST', '/photos', { file: 'x' });
    expect(json.status).toBe(415);
    expect(await photoCount(demo)).toBe(before.photos);
    expect((await storedFiles()).sort()).toEqual(before.files.sort());
  });
});

/** Every route of the module with a sample path for its parameters. */
const ROUTES: Array<[method: string, path: string]> = [
  ['GET', '/users'],
  ['GET', '/users/timeline'],
  ['POST', '/users/activate'],
  ['GET', '/users/activate'],
  ['GET', '/photos'],
  ['POST', '/photos'],
  ['GET', '/photos/:id'],
  ['DELETE', '/photos'],
  ['DELETE', '/photos/all'],
  ['GET', '/photos/timeline/:year/:month'],
  ['POST', '/albums'],
  ['GET', '/albums'],
  ['GET', '/albums/:id'],
  ['PATCH', '/albums/:id'],
  ['DELETE', '/albums/:id'],
  ['GET', '/albums/:id/photos'],
  ['POST', '/albums/:id/photos'],
  ['DELETE', '/albums/:id/photos'],
  ['GET', '/shared-albums'],
  ['GET', '/shared-albums/summary'],
  ['GET', '/shared-albums/:id'],
  ['GET', '/shared-albums/:id/participants'],
  ['GET', '/shared-albums/:id/photos'],
  ['DELETE', '/shared-albums/:id'],
  ['GET', '/downloads'],
  ['POST', '/downloads'],
  ['GET', '/downloads/:id/url'],
  ['POST', '/shared-album-downloads'],
  ['POST', '/temp-selections'],
  ['GET', '/temp-selections/:id'],
  ['GET', '/photos/trash'],
  ['GET', '/albums/trash'],
  ['POST', '/photos/trash/restore'],
  ['POST', '/albums/trash/restore'],
  ['DELETE', '/photos/trash'],
  ['DELETE', '/albums/trash'],
  ['DELETE', '/photos/trash/all'],
];

describe('bad input', () => {
  it('answers 401 JSON without a valid bearer token on every API route', async () => {
    for (const [method, route] of ROUTES) {
      const url = route
        .replace(':id', '00000000-0000-4000-8000-000000000000')
        .replace(':year', '2020')
        .replace(':month', '1');
      const response = await server.app.inject({
        method: method as 'GET',
        url: `/api/photo${url}`,
        headers: { authorization: 'Bearer nope' },
      });
      expect(response.statusCode, `${method} ${route}`).toBe(401);
      expect(response.json().field).toBe('headers.authorization');
    }
  });

  it('never answers 5xx to random params, queries and bodies (fast-check)', async () => {
    const segment = fc.oneof(
      fc.uuid(),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('0', '-1', '1970', '12', '13', '99999999999999999999', '%00', '..', 'null'),
    );
    const queryValue = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.integer().map(String),
      fc.constantFrom('created', 'dateTaken', 'asc', 'desc', 'true'),
    );
    const query = fc.dictionary(
      fc.constantFrom(
        'cursor',
        'limit',
        'sortKey',
        'sortOrder',
        'displaySharedData',
        'u',
        'e',
        's',
        'v',
        'x',
      ),
      queryValue,
      { maxKeys: 4 },
    );
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ photoIds: fc.array(fc.oneof(fc.uuid(), fc.string()), { maxLength: 5 }) }),
      fc.record(
        {
          photoIds: fc.array(fc.uuid(), { maxLength: 3 }),
          deletionId: fc.oneof(fc.uuid(), fc.string()),
          albumIds: fc.array(fc.oneof(fc.uuid(), fc.string()), { maxLength: 3 }),
        },
        { requiredKeys: [] },
      ),
      fc.record({ name: fc.string({ maxLength: 30 }) }),
      fc.record({
        albumId: fc.oneof(fc.uuid(), fc.string()),
        photos: fc.array(fc.record({ photoId: fc.uuid(), ownerId: fc.string() }), { maxLength: 3 }),
      }),
      fc.string({ maxLength: 40 }).map((text) => ({ raw: text })),
    );
    const routes = [
      ...ROUTES.filter(([, route]) => route !== '/photos/all' && route !== '/photos/trash/all'),
      ['GET', '/images/:id'] as [string, string],
      ['GET', '/downloads/:id/archive'] as [string, string],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        segment,
        segment,
        segment,
        query,
        body,
        async ([method, route], a, b, c, q, payload) => {
          const url =
            `/api/photo${route.replace(':id', encodeURIComponent(a)).replace(':year', encodeURIComponent(b)).replace(':month', encodeURIComponent(c))}` +
            `?${new URLSearchParams(q as Record<string, string>).toString()}`;
          const raw =
            typeof payload === 'object' && payload !== null && 'raw' in payload
              ? String((payload as { raw: string }).raw)
              : undefined;
          const response = await server.app.inject({
            method: method as 'GET',
            url,
            headers: {
              authorization: `Bearer ${friend.token}`,
              ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
            },
            ...(method === 'GET' ? {} : { payload: raw ?? JSON.stringify(payload) }),
          });
          if (response.statusCode >= 500)
            throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
          if (response.statusCode >= 400)
            expect(response.json()).toMatchObject({
              statusCode: response.statusCode,
              message: expect.any(String),
            });
        },
      ),
      { numRuns: 400, seed: 42 },
    );
  }, 120_000);
});

describe('two users, route by route', () => {
  it('nothing of demo is readable, changeable or deletable by friend', async () => {
    const photo = (
      await upload(
        demo,
        await renderDemoJpeg(prng(9), '2021-01-02T03:04:05.000Z'),
        'mine.jpg',
        'image/jpeg',
      )
    ).body;
    const albumId = (await demo.send('POST', '/albums', { name: 'Demo only' })).body.albumId;
    await demo.send('POST', `/albums/${albumId}/photos`, { photoIds: [photo.imageId] });
    const downloadId = (await demo.send('POST', '/downloads', { photoIds: [photo.imageId] })).body
      .id;
    const selectionId = (await demo.send('POST', '/temp-selections', { photoIds: [photo.imageId] }))
      .body.tempSelectionId;
    const demoState = async () => ({
      user: (await demo.get('/users')).body,
      album: (await demo.get(`/albums/${albumId}`)).body,
      photos: (await demo.get(`/albums/${albumId}/photos`)).body.images.map((p: any) => p.imageId),
      selection: (await demo.get(`/temp-selections/${selectionId}`)).body,
    });
    const before = await demoState();

    const attempts: Array<[string, string, unknown, number[]]> = [
      ['GET', `/photos/${photo.imageId}`, undefined, [404]],
      ['DELETE', '/photos', { photoIds: [photo.imageId] }, [200]],
      ['GET', `/albums/${albumId}`, undefined, [404]],
      ['PATCH', `/albums/${albumId}`, { name: 'Taken' }, [404]],
      ['DELETE', `/albums/${albumId}`, undefined, [404]],
      ['GET', `/albums/${albumId}/photos`, undefined, [404]],
      ['POST', `/albums/${albumId}/photos`, { photoIds: [photo.imageId] }, [404]],
      ['DELETE', `/albums/${albumId}/photos`, { photoIds: [photo.imageId] }, [404]],
      ['GET', `/shared-albums/${albumId}`, undefined, [404]],
      ['GET', `/shared-albums/${albumId}/participants`, undefined, [404]],
      ['GET', `/shared-albums/${albumId}/photos`, undefined, [404]],
      ['DELETE', `/shared-albums/${albumId}`, undefined, [404]],
      ['POST', '/downloads', { photoIds: [photo.imageId] }, [404]],
      ['GET', `/downloads/${downloadId}/url`, undefined, [404]],
      [
        'POST',
        '/shared-album-downloads',
        { albumId, photos: [{ photoId: photo.imageId, ownerId: demoUserId('demo') }] },
        [404],
      ],
      ['POST', '/temp-selections', { photoIds: [photo.imageId] }, [404]],
      ['GET', `/temp-selections/${selectionId}`, undefined, [404]],
      ['POST', '/photos/trash/restore', { photoIds: [photo.imageId] }, [200]],
      ['DELETE', '/photos/trash', { photoIds: [photo.imageId] }, [200]],
      ['POST', '/albums/trash/restore', { albumIds: [albumId] }, [200]],
      ['DELETE', '/albums/trash', { albumIds: [albumId] }, [200]],
      ['DELETE', '/photos/trash/all', undefined, [200]],
      ['DELETE', '/photos/all', undefined, [200]],
    ];
    for (const [method, route, body, allowed] of attempts) {
      const response =
        method === 'GET' ? await friend.get(route) : await friend.send(method, route, body);
      expect(allowed, `${method} ${route} → ${response.status}`).toContain(response.status);
      if (method === 'DELETE' && route === '/photos')
        expect(response.body.failed).toEqual([photo.imageId]);
    }
    // Lists of friend never contain demo's things.
    const friendPhotos = (await friend.get('/photos')).body.images.map((p: any) => p.imageId);
    expect(friendPhotos).not.toContain(photo.imageId);
    expect(
      (await friend.get('/albums?displaySharedData=true')).body.albums.map((a: any) => a.albumId),
    ).not.toContain(albumId);
    expect((await friend.get('/downloads')).body.items.map((d: any) => d.id)).not.toContain(
      downloadId,
    );
    // Demo's image URL re-signed for friend is refused.
    const url = new URL(photo.thumbnails[0].url);
    url.searchParams.set('u', demoUserId('friend'));
    expect((await fetch(url)).status).toBe(403);
    expect(await demoState()).toEqual(before);
  });
});
