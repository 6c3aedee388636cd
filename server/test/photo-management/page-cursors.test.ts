/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoPageSchema, sharedPhotoPageSchema } from '@photo/core/api/schemas/photo';
import { UNKNOWN_DATE_SORT } from '../../src/modules/photo-management/photos-repository.ts';
import { seedBulkPhotos } from '../../src/seed/bulk-photos.ts';
import { demoUserId } from '../../src/seed/users.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { Api } from './helpers.ts';
import { apiClient } from './helpers.ts';

// Cursors carry the value of the page's sort column read with the rows: every sort key and
// order, on the photo list and on an album, must walk the whole list once and in order.
const PHOTOS = 260;
const ALBUM_PHOTOS = 230;

let server: TestServer;
let demo: Api;
let albumId: string;

beforeAll(async () => {
  server = await startTestServer({ seed: 'users' });
  await seedBulkPhotos(server.app.deps, { photos: PHOTOS, albumPhotos: ALBUM_PHOTOS });
  const album = await server.app.deps.db
    .selectFrom('albums')
    .select('id')
    .where('user_id', '=', demoUserId('demo'))
    .executeTakeFirstOrThrow();
  albumId = album.id;
  demo = apiClient(
    server.origin,
    (await signIn(server.origin, 'demo@example.com', 'demo1234')).accessToken,
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function walk(path: string, query: string): Promise<any[]> {
  const images: any[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const { status, body } = await demo.get(
      `${path}?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(status).toBe(200);
    const page = photoPageSchema.parse(body);
    images.push(...page.images);
    cursor = page.cursor;
    pages += 1;
  } while (cursor && pages < 100);
  return images;
}

const sortValue = (photo: any, sortKey: string): string =>
  sortKey === 'created' ? photo.created : (photo.dateTaken ?? UNKNOWN_DATE_SORT);

describe('page cursors', () => {
  for (const [path, total] of [
    ['/photos', PHOTOS],
    ['/albums/{id}/photos', ALBUM_PHOTOS],
  ] as const) {
    for (const sortKey of ['created', 'dateTaken']) {
      for (const sortOrder of ['asc', 'desc']) {
        it(`${path} by ${sortKey} ${sortOrder} in pages of 70`, async () => {
          const images = await walk(
            path.replace('{id}', albumId),
            `sortKey=${sortKey}&sortOrder=${sortOrder}&limit=70`,
          );
          expect(images).toHaveLength(total);
          expect(new Set(images.map((photo) => photo.imageId)).size).toBe(total);
          const keys = images.map((photo) => `${sortValue(photo, sortKey)}|${photo.imageId}`);
          const sorted = [...keys].sort();
          expect(keys).toEqual(sortOrder === 'asc' ? sorted : sorted.reverse());
        });
      }
    }
  }

  it('answers an empty page as {cursor: null, images: []}', async () => {
    const { status, body } = await demo.get('/photos/timeline/2001/1');
    expect(status).toBe(200);
    expect(body).toEqual({ cursor: null, images: [] });
    expect(sharedPhotoPageSchema.safeParse(body).success).toBe(true);
  });
});
