import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { refreshPresentedFormats } from '../../src/db/presented-formats.ts';
import { ORDER_LIST_FORMAT } from '../../src/modules/orders/orders-repository.ts';
import { PHOTO_CARD_FORMAT } from '../../src/modules/photo-management/photos-repository.ts';
import { seedBulkPhotos } from '../../src/seed/bulk-photos.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { startTestServer } from '../../src/testing/test-server.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  token = (await signIn(server.origin, 'demo@example.com', 'demo1234')).accessToken;
}, 60_000);
afterAll(() => server?.close());

async function get(path: string): Promise<string> {
  const response = await fetch(`${server.origin}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status, path).toBe(200);
  return response.text();
}

type Images = { images: { imageId: string; localFileName: string }[] };
const namesOf = (text: string) =>
  (JSON.parse(text) as Images).images.map((photo) => [photo.imageId, photo.localFileName]);

/** What the customer is served of each kind of stored JSON. */
async function served(albumId: string) {
  const orders = await get('/api/orders/v2/superorders/me?Offset=0&Limit=50&OrderState=all');
  const photos = await get('/api/photo/photos?sortKey=created&sortOrder=desc');
  const album = await get(`/api/photo/albums/${albumId}/photos`);
  return { orders, photos, album, text: orders + photos + album };
}

describe('stored presented JSON of an older format', () => {
  it('is rebuilt at start when its presenter’s version changes, and never served again', async () => {
    const { albums } = JSON.parse(await get('/api/photo/albums')) as {
      albums: { albumId: string; photosCount: number }[];
    };
    const album = albums.find((candidate) => candidate.photosCount > 0)!;
    const before = await served(album.albumId);
    expect(JSON.parse(before.orders).total).toBeGreaterThan(0);
    expect(namesOf(before.photos).length).toBeGreaterThan(0);
    expect(namesOf(before.album).length).toBeGreaterThan(0);

    // What an older presenter wrote: every stored value differs from today's output.
    const { db } = server.app.deps;
    await sql`UPDATE superorders SET list_json = replace(list_json, '"id":', '"stale":"STALE","id":')
      WHERE list_json IS NOT NULL`.execute(db);
    await sql`UPDATE photos SET card =
      replace(card, '"localFileName":', '"localFileName":"STALE","was":')`.execute(db);
    await sql`UPDATE album_photos SET photo_card =
      replace(photo_card, '"localFileName":', '"localFileName":"STALE","was":')`.execute(db);
    // Unchanged versions: nothing is rebuilt, and the stored JSON is what is served.
    expect(await refreshPresentedFormats(db, [ORDER_LIST_FORMAT, PHOTO_CARD_FORMAT])).toEqual([]);
    const stale = await served(album.albumId);
    expect(stale.orders).toContain('STALE');
    expect(namesOf(stale.photos).every(([, name]) => name === 'STALE')).toBe(true);
    expect(namesOf(stale.album).every(([, name]) => name === 'STALE')).toBe(true);

    // The presenters' next versions, as the next start sees them.
    const next = [
      { ...ORDER_LIST_FORMAT, version: ORDER_LIST_FORMAT.version + 1 },
      { ...PHOTO_CARD_FORMAT, version: PHOTO_CARD_FORMAT.version + 1 },
    ];
    expect(await refreshPresentedFormats(db, next)).toEqual([
      ORDER_LIST_FORMAT.name,
      PHOTO_CARD_FORMAT.name,
    ]);

    const after = await served(album.albumId);
    expect(after.text).not.toContain('STALE');
    expect(after.orders).toBe(before.orders);
    expect(namesOf(after.photos)).toEqual(namesOf(before.photos));
    expect(namesOf(after.album)).toEqual(namesOf(before.album));
    // Recorded: the same versions again rebuild nothing.
    expect(await refreshPresentedFormats(db, next)).toEqual([]);
  }, 60_000);

  it('rebuilds the cards of a library larger than one round of the rebuild', async () => {
    const { db } = server.app.deps;
    await seedBulkPhotos(server.app.deps, { photos: 1_200 });
    await sql`UPDATE photos SET card = replace(card, '"localFileName":', '"localFileName":"STALE","was":')`.execute(
      db,
    );
    const count = async (where: string) =>
      Number(
        (
          await sql<{
            n: number;
          }>`SELECT count(*) AS n FROM photos WHERE ${sql.raw(where)}`.execute(db)
        ).rows[0]!.n,
      );
    expect(await count(`card LIKE '%STALE%'`)).toBeGreaterThan(1_200);
    const next = { ...PHOTO_CARD_FORMAT, version: PHOTO_CARD_FORMAT.version + 2 };
    expect(await refreshPresentedFormats(db, [next])).toEqual([PHOTO_CARD_FORMAT.name]);
    expect(await count(`card LIKE '%STALE%'`)).toBe(0);
    expect(await count(`card IS NULL`)).toBe(0);
  }, 60_000);
});
