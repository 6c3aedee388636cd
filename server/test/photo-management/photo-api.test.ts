/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field or checked with the zod schemas */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumPageSchema, albumSchema } from '@photo/core/api/schemas/album';
import { downloadSchema } from '@photo/core/api/schemas/download';
import { photoPageSchema, sharedPhotoPageSchema } from '@photo/core/api/schemas/photo';
import { photoUserSchema } from '@photo/core/api/schemas/photo-user';
import { archivePushMessageSchema, importPushMessageSchema } from '@photo/core/api/schemas/push';
import { sharedAlbumPageSchema, sharedAlbumSchema } from '@photo/core/api/schemas/shared-album';
import { timelineResponseSchema } from '@photo/core/api/schemas/timeline';
import { albumPhotosPageQuery } from '../../src/modules/photo-management/albums-repository.ts';
import { photoContextFor } from '../../src/modules/photo-management/photo-context.ts';
import {
  photosPageQuery,
  timelineQuery,
} from '../../src/modules/photo-management/photos-repository.ts';
import { queryPlan } from '../../src/testing/query-plan.ts';
import { demoUserId } from '../../src/seed/users.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { Api } from './helpers.ts';
import { openPushSocket } from '../../src/testing/push-socket.ts';
import { zipEntries } from '../../src/testing/zip-entries.ts';
import { apiClient, poll } from './helpers.ts';

let server: TestServer;
let demo: Api;
let friend: Api;
let business: Api;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  const [d, f, b] = await Promise.all(
    ['demo', 'friend', 'business'].map((name) =>
      signIn(server.origin, `${name}@example.com`, 'demo1234'),
    ),
  );
  demo = apiClient(server.origin, d!.accessToken);
  friend = apiClient(server.origin, f!.accessToken);
  business = apiClient(server.origin, b!.accessToken);
}, 240_000);

// Closing waits for background archive and import jobs; on a loaded 2-core CI machine that can
// take longer than the default hook timeout.
afterAll(async () => {
  await server?.close();
}, 240_000);

async function allPages(api: Api, path: string, query = ''): Promise<any[]> {
  const images: any[] = [];
  let cursor: string | null = null;
  do {
    const sep = query || cursor ? '?' : '';
    const params = [query, cursor ? `cursor=${encodeURIComponent(cursor)}` : '']
      .filter(Boolean)
      .join('&');
    const { status, body } = await api.get(`${path}${sep}${params}`);
    expect(status).toBe(200);
    images.push(...body.images);
    cursor = body.cursor;
  } while (cursor);
  return images;
}

describe('seeded library', () => {
  it('has ≥ 2,000 demo photos over 6+ years, undated ones in January 1970, months from 1 to 300', async () => {
    const user = await demo.get('/users');
    expect(photoUserSchema.parse(user.body).photosCount).toBeGreaterThanOrEqual(2000);
    const { body } = await demo.get('/users/timeline');
    const { timeline } = timelineResponseSchema.parse(body);
    const years = Object.keys(timeline).filter((year) => year !== '1970');
    expect(years.length).toBeGreaterThanOrEqual(6);
    expect(timeline['1970']?.['1']).toBeGreaterThan(0);
    const counts = Object.values(timeline).flatMap((months) => Object.values(months));
    expect(Math.min(...counts)).toBe(1);
    expect(Math.max(...counts)).toBe(300);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(user.body.photosCount);
    expect(user.body.sharedAlbums).toMatchObject({ readAlbumsCount: 1, grantedAlbumsCount: 1 });
  });

  it('pages a 300-photo month by 24 with cursors, sorted by dateTaken desc, every page schema-valid', async () => {
    const first = await demo.get('/photos/timeline/2023/8');
    expect(first.status).toBe(200);
    expect(photoPageSchema.parse(first.body).images).toHaveLength(24);
    const images = await allPages(demo, '/photos/timeline/2023/8');
    expect(images).toHaveLength(300);
    expect(new Set(images.map((photo) => photo.imageId)).size).toBe(300);
    const dates = images.map((photo) => photo.dateTaken as string);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(dates.every((date) => date.startsWith('2023-08'))).toBe(true);
  });

  it('sorts by created asc when asked and serves undated photos under 1970/1', async () => {
    const asc = await allPages(
      demo,
      '/photos/timeline/2023/8',
      'sortKey=created&sortOrder=asc&limit=100',
    );
    const created = asc.map((photo) => photo.created as string);
    expect([...created].sort()).toEqual(created);
    const undated = await allPages(demo, '/photos/timeline/1970/1');
    expect(undated.length).toBeGreaterThan(0);
    expect(undated.every((photo) => photo.dateTaken === undefined)).toBe(true);
  });

  it('GET /photos pages by 500 and covers the whole library once', async () => {
    const first = await demo.get('/photos');
    expect(first.body.images).toHaveLength(500);
    expect(first.body.cursor).toEqual(expect.any(String));
    const all = await allPages(demo, '/photos');
    const total = (await demo.get('/users')).body.photosCount;
    expect(new Set(all.map((photo) => photo.imageId)).size).toBe(total);
  });

  it('rejects forged, foreign-list and other-user cursors with 400 query.cursor', async () => {
    const { body } = await demo.get('/photos/timeline/2023/8');
    const cursor: string = body.cursor;
    const [payload, signature] = cursor.split('.');
    const forgedPayload = Buffer.from(JSON.stringify(['2099-01-01T00:00:00.000Z', 'x'])).toString(
      'base64url',
    );
    for (const bad of [
      `${forgedPayload}.${signature}`,
      `${payload}.AAAA${signature!.slice(4)}`,
      'garbage',
      `${payload}`,
    ]) {
      const response = await demo.get(`/photos/timeline/2023/8?cursor=${encodeURIComponent(bad)}`);
      expect(response.status).toBe(400);
      expect(response.body.field).toBe('query.cursor');
    }
    expect(
      (await demo.get(`/photos/timeline/2023/7?cursor=${encodeURIComponent(cursor)}`)).status,
    ).toBe(400);
    expect(
      (await demo.get(`/photos/timeline/2023/8?sortOrder=asc&cursor=${encodeURIComponent(cursor)}`))
        .status,
    ).toBe(400);
    expect(
      (await friend.get(`/photos/timeline/2023/8?cursor=${encodeURIComponent(cursor)}`)).body.field,
    ).toBe('query.cursor');
  });

  it('rejects bad paging input naming the field', async () => {
    for (const [query, field] of [
      ['limit=0', 'query.limit'],
      ['limit=abc', 'query.limit'],
      ['sortKey=name', 'query.sortKey'],
      ['sortOrder=up', 'query.sortOrder'],
    ]) {
      const response = await demo.get(`/photos?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.field).toBe(field);
    }
    expect((await demo.get('/photos/timeline/2023/13')).body.field).toBe('params.month');
  });

  it('serves thumbnails through signed URLs only to the signed viewer', async () => {
    const { body } = await demo.get('/photos/timeline/2023/8?limit=1');
    const photo = body.images[0];
    const thumb = photo.thumbnails.find((t: any) => t.id === '300');
    const ok = await fetch(thumb.url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/jpeg');
    expect(Math.max(thumb.width, thumb.height)).toBeLessThanOrEqual(300);
    const download = await fetch(photo.untouchedUrl);
    expect(download.headers.get('content-disposition')).toContain(photo.localFileName);
    const url = new URL(thumb.url);
    url.searchParams.set('u', demoUserId('friend'));
    expect((await fetch(url)).status).toBe(403);
    const tampered = new URL(thumb.url);
    tampered.searchParams.set('e', String(Number(tampered.searchParams.get('e')) + 3600));
    expect((await fetch(tampered)).status).toBe(403);
  });
});

describe('albums', () => {
  it('creates, validates names, renames, adds/removes photos with counts and covers, deletes keeping photos', async () => {
    for (const name of ['a<b', 'x>y', 'semi;colon', '   ', '']) {
      const response = await demo.send('POST', '/albums', { name });
      expect(response.status, name).toBe(400);
      expect(response.body.field).toBe('body.name');
    }
    const created = await demo.send('POST', '/albums', { name: 'Test album' });
    expect(created.status).toBe(201);
    const albumId = created.body.albumId;
    const renamed = await demo.send('PATCH', `/albums/${albumId}`, { name: 'Renamed' });
    expect(albumSchema.parse(renamed.body).albumName).toBe('Renamed');
    expect((await demo.send('PATCH', `/albums/${albumId}`, { name: 'bad;' })).body.field).toBe(
      'body.name',
    );

    const photos = (await demo.get('/photos/timeline/2022/7?limit=5&sortKey=created')).body.images;
    const ids = photos.map((photo: any) => photo.imageId);
    const foreign = (await friend.get('/photos?limit=1')).body.images[0].imageId;
    const added = await demo.send('POST', `/albums/${albumId}/photos`, {
      photoIds: [...ids, foreign],
    });
    expect(added.body.failed).toEqual([foreign]);
    let album = (await demo.get(`/albums/${albumId}`)).body;
    expect(album.photosCount).toBe(5);
    const newest = [...photos].sort((a: any, b: any) => (a.created < b.created ? 1 : -1))[0];
    expect(album.coverPhoto.imageId).toBe(newest.imageId);

    // Deleting the cover photo from the library moves the cover and the count.
    const deleted = await demo.send('DELETE', '/photos', {
      photoIds: [newest.imageId, foreign, '00000000-0000-4000-8000-000000000000'],
    });
    expect(deleted.body.failed.sort()).toEqual(
      [foreign, '00000000-0000-4000-8000-000000000000'].sort(),
    );
    album = (await demo.get(`/albums/${albumId}`)).body;
    expect(album.photosCount).toBe(4);
    expect(album.coverPhoto.imageId).not.toBe(newest.imageId);

    const removed = await demo.send('DELETE', `/albums/${albumId}/photos`, {
      photoIds: [ids[1], newest.imageId],
    });
    expect(removed.body.failed).toEqual([newest.imageId]);
    const page = await demo.get(`/albums/${albumId}/photos`);
    expect(
      photoPageSchema
        .parse(page.body)
        .images.map((p) => p.imageId)
        .sort(),
    ).toEqual(ids.filter((id: string) => id !== newest.imageId && id !== ids[1]).sort());

    expect((await demo.send('DELETE', `/albums/${albumId}`)).status).toBe(204);
    expect((await demo.get(`/albums/${albumId}`)).status).toBe(404);
    expect((await demo.get(`/photos/${ids[2]}`)).status).toBe(200);
  });

  it('pages albums 49 first, then 50', async () => {
    for (let i = 0; i < 45; i += 1) await demo.send('POST', '/albums', { name: `Paging ${i}` });
    const first = albumPageSchema.parse((await demo.get('/albums')).body);
    expect(first.albums).toHaveLength(49);
    const second = albumPageSchema.parse(
      (await demo.get(`/albums?cursor=${encodeURIComponent(first.cursor!)}`)).body,
    );
    expect(second.albums.length).toBeGreaterThan(0);
    expect(second.albums.length).toBeLessThanOrEqual(50);
    const ids = [...first.albums, ...second.albums].map((album) => album.albumId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('album pages from the memberships alone', () => {
  /** The page text as the server sends it, and the text its photos' own rows make. */
  async function pageAndReference(path: string, albumId: string, shared: boolean) {
    const response = await fetch(`${server.origin}/api/photo${path}`, {
      headers: { authorization: `Bearer ${demo.token}` },
    });
    const text = await response.text();
    const { cursor, images } = JSON.parse(text) as { cursor: string | null; images: unknown[] };
    const db = server.app.deps.db;
    // The photos table's own rows, in the album's order: what the join read before.
    const rows = await db
      .selectFrom('album_photos')
      .innerJoin('photos', 'photos.id', 'album_photos.photo_id')
      .select(['photos.id', 'photos.user_id', 'photos.card'])
      .where('album_photos.album_id', '=', albumId)
      .orderBy('album_photos.photo_created', 'desc')
      .orderBy('album_photos.photo_id', 'desc')
      .limit(images.length)
      .execute();
    const { presenter } = await photoContextFor(server.app.deps);
    const reference = presenter.pageJson(rows, demoUserId('demo'), cursor, shared);
    return { text, reference, cursor };
  }

  it('answers each photo’s own card byte for byte, own and shared, also after a delete and restore', async () => {
    const albumId = (await demo.send('POST', '/albums', { name: 'Byte for byte' })).body.albumId;
    const ids = (await demo.get('/photos/timeline/2022/7?limit=4')).body.images.map(
      (photo: any) => photo.imageId,
    );
    await demo.send('POST', `/albums/${albumId}/photos`, { photoIds: ids });
    const page = `/albums/${albumId}/photos?limit=3`;
    let own = await pageAndReference(page, albumId, false);
    expect(own.cursor).not.toBeNull();
    expect(own.text).toBe(own.reference);

    // A restored photo comes back into the album with its owner and card.
    const { deletionId } = (await demo.send('DELETE', '/photos', { photoIds: [ids[0]] })).body;
    expect(
      JSON.parse((await pageAndReference(page, albumId, false)).text).images,
    ).not.toContainEqual(expect.objectContaining({ imageId: ids[0] }));
    await demo.send('POST', '/photos/trash/restore', { deletionId });
    own = await pageAndReference(`/albums/${albumId}/photos`, albumId, false);
    expect(JSON.parse(own.text).images).toHaveLength(4);
    expect(own.text).toBe(own.reference);
    await demo.send('DELETE', `/albums/${albumId}`);

    // A shared album holds photos of two owners: each carries its own ownerId.
    const joined = (await demo.get('/shared-albums')).body.albums.find(
      (album: any) => album.albumName === 'Wedding of Sam & Alex',
    );
    const shared = await pageAndReference(
      `/shared-albums/${joined.albumId}/photos`,
      joined.albumId,
      true,
    );
    expect(new Set(JSON.parse(shared.text).images.map((p: any) => p.ownerId)).size).toBe(2);
    expect(shared.text).toBe(shared.reference);
  });
});

describe('shared albums (docs/product.md#roles-and-flags)', () => {
  it('shows owner and participant sides; participants get ownerId photos and read-only albums', async () => {
    const page = sharedAlbumPageSchema.parse((await demo.get('/shared-albums')).body);
    const own = page.albums.find((album) => album.albumName === 'Trip with friends')!;
    const joined = page.albums.find((album) => album.albumName === 'Wedding of Sam & Alex')!;
    expect(own.ownerId).toBe(demoUserId('demo'));
    expect(own.participants.map((p) => p.email)).toEqual(['friend@example.com']);
    expect(joined.owner.email).toBe('friend@example.com');
    const photos = sharedPhotoPageSchema.parse(
      (await demo.get(`/shared-albums/${joined.albumId}/photos`)).body,
    );
    expect(new Set(photos.images.map((p) => p.ownerId))).toEqual(
      new Set([demoUserId('demo'), demoUserId('friend')]),
    );
    // The participant can see the friend's photo bytes through the album.
    const friendPhoto = photos.images.find((p) => p.ownerId === demoUserId('friend'))!;
    expect((await fetch(friendPhoto.thumbnails[0]!.url)).status).toBe(200);
    // …but cannot change the album.
    expect(
      (await demo.send('PATCH', `/albums/${joined.albumId}`, { name: 'Mine now' })).status,
    ).toBe(403);
    expect(
      (
        await demo.send('POST', `/albums/${joined.albumId}/photos`, {
          photoIds: [friendPhoto.imageId],
        })
      ).status,
    ).toBe(403);
    expect((await demo.send('DELETE', `/albums/${joined.albumId}`)).status).toBe(403);
    expect(
      sharedAlbumSchema.parse((await demo.get(`/shared-albums/${joined.albumId}`)).body)
        .photosCount,
    ).toBe(45);
    const participants = (await demo.get(`/shared-albums/${joined.albumId}/participants`)).body;
    expect(participants.owner.email).toBe('friend@example.com');
  });

  it('shared-album download of a friend photo with photoId + ownerId; wrong owner is 404 body.photos', async () => {
    const joined = (await demo.get('/shared-albums')).body.albums.find(
      (a: any) => a.albumName === 'Wedding of Sam & Alex',
    );
    const photos = (await demo.get(`/shared-albums/${joined.albumId}/photos?limit=2`)).body.images;
    const wrong = await demo.send('POST', '/shared-album-downloads', {
      albumId: joined.albumId,
      photos: [{ photoId: photos[0].imageId, ownerId: demoUserId('business') }],
    });
    expect(wrong.status).toBe(404);
    expect(wrong.body.field).toBe('body.photos');
    const ok = await demo.send('POST', '/shared-album-downloads', {
      albumId: joined.albumId,
      photos: photos.map((p: any) => ({ photoId: p.imageId, ownerId: p.ownerId })),
    });
    expect(ok.status).toBe(202);
    const ready = await poll(async () => {
      const list = (await demo.get('/downloads')).body.items;
      return list.find((d: any) => d.id === ok.body.id && d.status === 'ready');
    });
    const { url } = (await demo.get(`/downloads/${ready.id}/url`)).body;
    expect(zipEntries(Buffer.from(await (await fetch(url)).arrayBuffer()))).toHaveLength(2);
  });

  it('participant delete leaves the album and takes their photos out; owner delete removes it for all', async () => {
    const albums = (await demo.get('/shared-albums')).body.albums;
    const joined = albums.find((a: any) => a.albumName === 'Wedding of Sam & Alex');
    const own = albums.find((a: any) => a.albumName === 'Trip with friends');
    const friendPhotoCount = (await friend.get('/users')).body.photosCount;
    expect((await demo.send('DELETE', `/shared-albums/${joined.albumId}`)).status).toBe(204);
    expect((await demo.get(`/shared-albums/${joined.albumId}`)).status).toBe(404);
    const friendView = (await friend.get(`/shared-albums/${joined.albumId}`)).body;
    expect(friendView.photosCount).toBe(40);
    expect(friendView.participants).toEqual([]);
    const demoPhotoCount = (await demo.get('/users')).body.photosCount;
    expect((await friend.send('DELETE', `/shared-albums/${own.albumId}`)).status).toBe(204);
    expect((await friend.get(`/shared-albums/${own.albumId}`)).status).toBe(404);
    expect((await demo.get(`/shared-albums/${own.albumId}`)).body.participants).toEqual([]);
    expect((await demo.send('DELETE', `/shared-albums/${own.albumId}`)).status).toBe(204);
    expect((await friend.get(`/albums/${own.albumId}`)).status).toBe(404);
    expect((await friend.get('/users')).body.photosCount).toBe(friendPhotoCount);
    expect((await demo.get('/users')).body.photosCount).toBe(demoPhotoCount);
  });
});

describe('downloads', () => {
  it('archives 3 photos in store mode, pushes started/finished, signs a URL useless to others', async () => {
    const socket = await openPushSocket(server.origin, demo.token);
    const friendSocket = await openPushSocket(server.origin, friend.token);
    try {
      const photoIds = (await demo.get('/photos/timeline/2021/6?limit=3')).body.images.map(
        (p: any) => p.imageId,
      );
      const created = await demo.send('POST', '/downloads', { photoIds });
      expect(created.status).toBe(202);
      const job = downloadSchema.parse(created.body);
      const finished = await socket.waitFor(
        (m) => m.key === 'archive generation finished' && m.message.downloadId === job.id,
      );
      expect(archivePushMessageSchema.parse(finished).message.userId).toBe(demoUserId('demo'));
      expect(
        socket.messages.some(
          (m) => m.key === 'archive generation started' && m.message.downloadId === job.id,
        ),
      ).toBe(true);
      expect(friendSocket.messages).toEqual([]);

      expect((await friend.get(`/downloads/${job.id}/url`)).status).toBe(404);
      const { url } = (await demo.get(`/downloads/${job.id}/url`)).body;
      const response = await fetch(url);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="${job.id}.zip"`,
      );
      const entries = zipEntries(Buffer.from(await response.arrayBuffer()));
      expect(entries).toHaveLength(3);
      expect(entries.every((entry) => entry.method === 0)).toBe(true);
      // With another user's token, or re-signed for another user, the URL is refused.
      expect(
        (await fetch(url, { headers: { authorization: `Bearer ${friend.token}` } })).status,
      ).toBe(403);
      const other = new URL(url);
      other.searchParams.set('u', demoUserId('friend'));
      expect((await fetch(other)).status).toBe(403);
    } finally {
      socket.close();
      friendSocket.close();
    }
  });

  it('refuses more than 100 photos, foreign photos and unknown downloads', async () => {
    const many = (await demo.get('/photos?limit=101')).body.images.map((p: any) => p.imageId);
    const tooMany = await demo.send('POST', '/downloads', { photoIds: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.field).toBe('body.photoIds');
    const foreign = (await friend.get('/photos?limit=1')).body.images[0].imageId;
    const response = await demo.send('POST', '/downloads', { photoIds: [foreign] });
    expect(response.status).toBe(404);
    expect(response.body.field).toBe('body.photoIds');
    expect((await demo.get('/downloads/00000000-0000-4000-8000-000000000000/url')).status).toBe(
      404,
    );
  });
});

describe('temp selections', () => {
  it('stores own photos only and reads back to the owner only', async () => {
    const ids = (await demo.get('/photos?limit=4')).body.images.map((p: any) => p.imageId);
    const created = await demo.send('POST', '/temp-selections', { photoIds: ids });
    expect(created.status).toBe(201);
    const id = created.body.tempSelectionId;
    expect((await demo.get(`/temp-selections/${id}`)).body.photoIds).toEqual(ids);
    expect((await friend.get(`/temp-selections/${id}`)).status).toBe(404);
    expect((await friend.send('POST', '/temp-selections', { photoIds: ids })).body.field).toBe(
      'body.photoIds',
    );
  });
});

describe('activation (docs/product.md#states)', () => {
  it('imports the business user’s legacy photos with push messages, then ACTIVE', async () => {
    expect((await business.get('/users/activate')).body.status).toBe('NOT_ACTIVE');
    const socket = await openPushSocket(server.origin, business.token);
    try {
      expect((await business.send('POST', '/users/activate')).body).toEqual({ started: true });
      expect((await business.send('POST', '/users/activate')).body).toEqual({ started: false });
      const finished = await socket.waitFor((m) => m.type === 'import finished', 60_000);
      expect(importPushMessageSchema.parse(finished).data.payload.importedCount).toBe(12);
      expect(
        importPushMessageSchema.parse(socket.messages.find((m) => m.type === 'import started')).data
          .payload.totalCount,
      ).toBe(12);
      expect((await business.get('/users/activate')).body.status).toBe('ACTIVE');
      const photos = (await business.get('/photos')).body.images;
      expect(photos).toHaveLength(12);
      expect((await fetch(photos[0].thumbnails[2].url)).status).toBe(200);
      expect((await demo.send('POST', '/users/activate')).body).toEqual({ started: false });
    } finally {
      socket.close();
    }
  });
});

describe('indexes', () => {
  it('timeline summary, month page and album page are index searches, never table scans or sorts; an album page never reads photos', async () => {
    const db = server.app.deps.db;
    const userId = demoUserId('demo');
    const album = await db
      .selectFrom('albums')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const after = ['2023-08-15T00:00:00.000Z', 'ffffffff-ffff-4fff-bfff-ffffffffffff'] as const;
    const albumPages = [
      albumPhotosPageQuery(db, album.id, {
        sortKey: 'created',
        sortOrder: 'desc',
        limit: 500,
        after,
      }),
      albumPhotosPageQuery(db, album.id, {
        sortKey: 'dateTaken',
        sortOrder: 'asc',
        limit: 500,
        after: null,
      }),
    ];
    const queries = [
      timelineQuery(db, userId),
      photosPageQuery(
        db,
        userId,
        { sortKey: 'dateTaken', sortOrder: 'desc', limit: 24, after: null },
        { year: 2023, month: 8 },
      ),
      photosPageQuery(
        db,
        userId,
        { sortKey: 'created', sortOrder: 'asc', limit: 24, after },
        { year: 2023, month: 8 },
      ),
      photosPageQuery(db, userId, { sortKey: 'dateTaken', sortOrder: 'desc', limit: 500, after }),
      ...albumPages,
    ];
    for (const query of queries) {
      const { kind, plan } = await queryPlan(db, query);
      const sqlText = query.compile().sql;
      const albumPage = (albumPages as readonly unknown[]).includes(query);
      if (kind === 'postgres') {
        // An order no index gives still sorts.
        expect(plan, sqlText).toMatch(/"Node Type":"Index (Only )?Scan"/);
        expect(plan, sqlText).not.toMatch(/"Node Type":"(Seq Scan|Sort|Bitmap Heap Scan)"/);
        // An album page reads its memberships alone, never the photos (migration 0023).
        if (albumPage) expect(plan, sqlText).not.toMatch(/"Relation Name":"photos"/);
        continue;
      }
      expect(plan, sqlText).toMatch(/SEARCH \w+ USING (COVERING )?INDEX/);
      expect(plan, sqlText).not.toMatch(/SCAN photos|SCAN album_photos|TEMP B-TREE/);
      if (albumPage) {
        expect(plan, sqlText).toMatch(
          /^SEARCH album_photos USING INDEX album_photos_album_(created|date) /,
        );
        expect(plan, sqlText).not.toMatch(/\bphotos\b/);
      }
    }
  });
});
