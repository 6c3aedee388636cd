/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field or checked with the zod schemas */
import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumSchema } from '@photo/core/api/schemas/album';
import {
  deleteAllPhotosResponseSchema,
  deletePhotosResponseSchema,
} from '@photo/core/api/schemas/photo';
import {
  emptyTrashResponseSchema,
  trashAlbumListSchema,
  trashPhotoPageSchema,
} from '@photo/core/api/schemas/trash';
import { InProcessJobQueue } from '../../src/jobs/in-process-job-queue.ts';
import { photoContextFor } from '../../src/modules/photo-management/photo-context.ts';
import type { PhotoContext } from '../../src/modules/photo-management/context.ts';
import {
  trashedPhotosPageQuery,
  trashPhotos,
} from '../../src/modules/photo-management/trash-repository.ts';
import { TrashService } from '../../src/modules/photo-management/trash-service.ts';
import { renderDemoJpeg, prng } from '../../src/seed/photos-images.ts';
import { demoUserId } from '../../src/seed/users.ts';
import { queryPlan } from '../../src/testing/query-plan.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import { thumbnailsIdle } from '../../src/testing/thumbnail-jobs.ts';
import type { Api } from './helpers.ts';
import { apiClient, poll, uploadPhoto } from './helpers.ts';

// One server with the demo users; each test uploads the few small photos it needs (about 1 s
// of uploads in all). Runs on SQLite and, in the server-pg project, on PostgreSQL.
let server: TestServer;
let ctx: PhotoContext;
let demo: Api;
let friend: Api;
let seed = 100;

beforeAll(async () => {
  server = await startTestServer({ seed: 'users' });
  ctx = await photoContextFor(server.app.deps);
  const [d, f] = await Promise.all(
    ['demo', 'friend'].map((name) => signIn(server.origin, `${name}@example.com`, 'demo1234')),
  );
  demo = apiClient(server.origin, d!.accessToken);
  friend = apiClient(server.origin, f!.accessToken);
}, 120_000);

afterAll(async () => {
  await server?.close();
}, 120_000);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Uploads a fresh photo (new bytes each time unless `bytes` is given); answers the photo. */
async function upload(api: Api, dateTaken: string, bytes?: Buffer): Promise<any> {
  const jpeg = bytes ?? (await renderDemoJpeg(prng((seed += 1)), dateTaken));
  const { status, body } = await uploadPhoto(server.origin, api, jpeg, 'p.jpg', 'image/jpeg');
  expect(status).toBe(201);
  return body;
}

async function hashOf(photoId: string): Promise<string> {
  const db = server.app.deps.db;
  const live = await db
    .selectFrom('photos')
    .select('content_hash')
    .where('id', '=', photoId)
    .executeTakeFirst();
  const trashed = await db
    .selectFrom('trashed_photos')
    .select('content_hash')
    .where('id', '=', photoId)
    .executeTakeFirst();
  return (live ?? trashed)!.content_hash;
}

/** Whether the original and every thumbnail of the bytes are on disk (all or none expected). */
async function filesOnDisk(hash: string): Promise<boolean[]> {
  await thumbnailsIdle(server);
  const paths = [
    ctx.store.originalPath(hash),
    ...[300, 800, 1300].map((size) => ctx.store.thumbnailPath(hash, size)),
  ];
  return Promise.all(
    paths.map((file) =>
      stat(file).then(
        () => true,
        () => false,
      ),
    ),
  );
}

async function trashPage(api: Api): Promise<any[]> {
  const { status, body } = await api.get('/photos/trash?limit=500');
  expect(status).toBe(200);
  return trashPhotoPageSchema.parse(body).photos;
}

async function monthCount(api: Api, year: number, month: number): Promise<number> {
  return (await api.get('/users/timeline')).body.timeline[String(year)]?.[String(month)] ?? 0;
}

/** Makes the album shared with `participant` (no route shares an album; the seed does it like this). */
async function shareWith(albumId: string, participant: string): Promise<void> {
  const db = server.app.deps.db;
  await db.updateTable('albums').set({ is_shared: 1 }).where('id', '=', albumId).execute();
  await db
    .insertInto('album_participants')
    .values({ album_id: albumId, user_id: participant, created: new Date().toISOString() })
    .execute();
}

describe('deleting photos moves them to Recently deleted', () => {
  it('they leave the timeline, months, list, albums, counts, covers and shared albums; Undo (deletionId) brings exactly them back', async () => {
    const keep = await upload(demo, '2015-03-01T10:00:00.000Z');
    const gone = await upload(demo, '2015-03-02T10:00:00.000Z');
    const album = (await demo.send('POST', '/albums', { name: 'Trash test' })).body.albumId;
    await demo.send('POST', `/albums/${album}/photos`, { photoIds: [keep.imageId, gone.imageId] });
    await shareWith(album, demoUserId('friend'));
    // The newest upload is the cover.
    expect((await demo.get(`/albums/${album}`)).body.coverPhoto.imageId).toBe(gone.imageId);
    const countBefore = (await demo.get('/users')).body.photosCount;
    const friendView = (await friend.get(`/shared-albums/${album}/photos`)).body.images;
    const friendUrl = friendView.find((p: any) => p.imageId === gone.imageId).thumbnails[0].url;
    expect((await fetch(friendUrl)).status).toBe(200);

    const deleted = await demo.send('DELETE', '/photos', { photoIds: [gone.imageId] });
    expect(deleted.status).toBe(200);
    const { deletionId, failed } = deletePhotosResponseSchema.parse(deleted.body);
    expect(failed).toEqual([]);

    expect((await demo.get(`/photos/${gone.imageId}`)).status).toBe(404);
    expect(await monthCount(demo, 2015, 3)).toBe(1);
    const month = (await demo.get('/photos/timeline/2015/3')).body.images.map(
      (p: any) => p.imageId,
    );
    expect(month).toEqual([keep.imageId]);
    const all = (await demo.get('/photos?limit=500')).body.images.map((p: any) => p.imageId);
    expect(all).not.toContain(gone.imageId);
    expect((await demo.get('/users')).body.photosCount).toBe(countBefore - 1);
    const albumNow = albumSchema.parse((await demo.get(`/albums/${album}`)).body);
    expect([albumNow.photosCount, albumNow.coverPhoto?.imageId]).toEqual([1, keep.imageId]);
    const friendPage = (await friend.get(`/shared-albums/${album}/photos`)).body.images;
    expect(friendPage.map((p: any) => p.imageId)).toEqual([keep.imageId]);
    // Signed image URLs stop working for anyone but the owner; the owner still sees it in the trash.
    expect((await fetch(friendUrl)).status).toBe(404);
    const download = await demo.send('POST', '/downloads', { photoIds: [gone.imageId] });
    expect(download.status).toBe(404);

    const trash = await trashPage(demo);
    const entry = trash.find((p) => p.imageId === gone.imageId);
    expect(Date.parse(entry.purgeAt) - Date.parse(entry.deletedAt)).toBe(30 * DAY_MS);
    expect((await fetch(entry.thumbnails[0].url)).status).toBe(200);
    expect(await trashPage(friend)).toEqual([]);

    // Undo: exactly this delete comes back, into its month and album (as the cover again).
    const restored = await demo.send('POST', '/photos/trash/restore', { deletionId });
    expect(restored.body).toEqual({ failed: [] });
    expect((await demo.get(`/photos/${gone.imageId}`)).status).toBe(200);
    expect(await monthCount(demo, 2015, 3)).toBe(2);
    const albumBack = albumSchema.parse((await demo.get(`/albums/${album}`)).body);
    expect([albumBack.photosCount, albumBack.coverPhoto?.imageId]).toEqual([2, gone.imageId]);
    expect((await friend.get(`/shared-albums/${album}/photos`)).body.images).toHaveLength(2);
    expect((await demo.get('/users')).body.photosCount).toBe(countBefore);
    expect((await trashPage(demo)).map((p) => p.imageId)).not.toContain(gone.imageId);
  });

  it('DELETE /photos/all empties the library into Recently deleted; its deletionId restores it all', async () => {
    const a = await upload(demo, '2014-01-05T10:00:00.000Z');
    const before = (await demo.get('/users')).body.photosCount;
    const timeline = (await demo.get('/users/timeline')).body.timeline;
    const all = deleteAllPhotosResponseSchema.parse(
      (await demo.send('DELETE', '/photos/all')).body,
    );
    expect(all.deleted).toBe(before);
    expect((await demo.get('/users')).body.photosCount).toBe(0);
    expect((await demo.get('/users/timeline')).body.timeline).toEqual({});
    expect((await trashPage(demo)).map((p) => p.imageId)).toContain(a.imageId);
    await demo.send('POST', '/photos/trash/restore', { deletionId: all.deletionId });
    expect((await demo.get('/users')).body.photosCount).toBe(before);
    expect((await demo.get('/users/timeline')).body.timeline).toEqual(timeline);
  });

  it('pages Recently deleted newest deletion first with a signed cursor', async () => {
    const photos = [];
    for (let i = 0; i < 3; i += 1) photos.push(await upload(demo, '2013-02-01T10:00:00.000Z'));
    const clock = Date.now();
    for (const [i, photo] of photos.entries()) {
      // Distinct deletion times, oldest first.
      await trashPhotos(
        server.app.deps.db,
        demoUserId('demo'),
        [photo.imageId],
        new Date(clock + i),
      );
    }
    const first = (await demo.get('/photos/trash?limit=2')).body;
    expect(first.photos.map((p: any) => p.imageId)).toEqual([photos[2].imageId, photos[1].imageId]);
    const second = (
      await demo.get(`/photos/trash?limit=2&cursor=${encodeURIComponent(first.cursor)}`)
    ).body;
    expect(second.photos[0].imageId).toBe(photos[0].imageId);
    // A cursor of someone else's trash is refused.
    const foreign = await friend.get(`/photos/trash?cursor=${encodeURIComponent(first.cursor)}`);
    expect([foreign.status, foreign.body.field]).toEqual([400, 'query.cursor']);
    await demo.send('POST', '/photos/trash/restore', { photoIds: photos.map((p) => p.imageId) });
  });
});

describe('at the same time', () => {
  it('the same delete, restore and purge sent twice at once answer 200 and move each photo once', async () => {
    const photos = [
      await upload(demo, '2008-01-01T10:00:00.000Z'),
      await upload(demo, '2008-01-02T10:00:00.000Z'),
    ];
    const photoIds = photos.map((p) => p.imageId);
    const album = (await demo.send('POST', '/albums', { name: 'Twice' })).body.albumId;
    await demo.send('POST', `/albums/${album}/photos`, { photoIds });
    const twice = (method: string, path: string, body?: unknown) =>
      Promise.all([demo.send(method, path, body), demo.send(method, path, body)]);
    const deletes = await twice('DELETE', '/photos', { photoIds });
    expect(deletes.map((r) => r.status)).toEqual([200, 200]);
    expect(deletes.map((r) => r.body.failed.length).sort()).toEqual([0, 2]);
    const restores = await twice('POST', '/photos/trash/restore', { photoIds });
    expect(restores.map((r) => r.status)).toEqual([200, 200]);
    expect(await monthCount(demo, 2008, 1)).toBe(2);
    expect((await demo.get(`/albums/${album}`)).body.photosCount).toBe(2);
    await demo.send('DELETE', '/photos', { photoIds });
    const albums = await Promise.all([
      demo.send('DELETE', `/albums/${album}`),
      demo.send('POST', '/photos/trash/restore', { photoIds }),
    ]);
    expect(albums.map((r) => r.status).sort()).toEqual([200, 204]);
    expect((await demo.send('POST', '/albums/trash/restore', { albumIds: [album] })).status).toBe(
      200,
    );
    expect((await demo.get(`/albums/${album}`)).body.photosCount).toBe(2);
    await demo.send('DELETE', '/photos', { photoIds });
    const purges = await twice('DELETE', '/photos/trash', { photoIds });
    expect(purges.map((r) => r.status)).toEqual([200, 200]);
    expect(purges.map((r) => r.body.failed.length).sort()).toEqual([0, 2]);
  });
});

describe('only the caller’s own Recently deleted', () => {
  it('another user cannot list, restore or purge it (failed ids), and a trashed id is 404 to them', async () => {
    const photo = await upload(demo, '2012-06-01T10:00:00.000Z');
    await demo.send('DELETE', '/photos', { photoIds: [photo.imageId] });
    expect((await friend.get(`/photos/${photo.imageId}`)).status).toBe(404);
    expect(
      (await friend.send('POST', '/photos/trash/restore', { photoIds: [photo.imageId] })).body,
    ).toEqual({ failed: [photo.imageId] });
    const { deletionId } = (await demo.send('DELETE', '/photos', { photoIds: [photo.imageId] }))
      .body;
    expect((await friend.send('POST', '/photos/trash/restore', { deletionId })).body).toEqual({
      failed: [],
    });
    expect(
      (await friend.send('DELETE', '/photos/trash', { photoIds: [photo.imageId] })).body,
    ).toEqual({ failed: [photo.imageId] });
    expect((await friend.send('DELETE', '/photos/trash/all')).body).toEqual({
      deleted: 0,
      deletedAlbums: 0,
    });
    expect((await trashPage(demo)).map((p) => p.imageId)).toContain(photo.imageId);
    // Deleting a photo twice, or someone else's, fails for that id.
    expect(
      (await friend.send('DELETE', '/photos', { photoIds: [photo.imageId] })).body.failed,
    ).toEqual([photo.imageId]);
    await demo.send('POST', '/photos/trash/restore', { photoIds: [photo.imageId] });
  });

  it('answers malformed bodies with 400 naming the field', async () => {
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/photos/trash/restore', {}, 'body.photoIds'],
      ['POST', '/photos/trash/restore', { photoIds: ['x'] }, 'body.photoIds.0'],
      ['POST', '/photos/trash/restore', { deletionId: 'nope' }, 'body.deletionId'],
      [
        'POST',
        '/photos/trash/restore',
        { photoIds: [demoUserId('demo')], deletionId: demoUserId('demo') },
        'body.photoIds',
      ],
      ['POST', '/albums/trash/restore', { albumIds: [] }, 'body.albumIds'],
      ['DELETE', '/photos/trash', { photoIds: 'all' }, 'body.photoIds'],
      ['DELETE', '/albums/trash', {}, 'body.albumIds'],
    ];
    for (const [method, path, body, field] of cases) {
      const response = await demo.send(method, path, body);
      expect(
        [response.status, response.body.field],
        `${method} ${path} ${JSON.stringify(body)}`,
      ).toEqual([400, field]);
    }
    const limit = await demo.get('/photos/trash?limit=0');
    expect([limit.status, limit.body.field]).toEqual([400, 'query.limit']);
  });
});

describe('deleting an own album moves it to Recently deleted', () => {
  it('it leaves album lists and shares; restoring brings back its photos and participants; memberships of photos deleted meanwhile return with them', async () => {
    const one = await upload(demo, '2011-01-01T10:00:00.000Z');
    const two = await upload(demo, '2011-01-02T10:00:00.000Z');
    const album = (await demo.send('POST', '/albums', { name: 'Album to trash' })).body.albumId;
    await demo.send('POST', `/albums/${album}/photos`, { photoIds: [one.imageId, two.imageId] });
    await shareWith(album, demoUserId('friend'));

    // A participant's delete of a shared album they do not own only leaves it; not this.
    expect((await demo.send('DELETE', `/albums/${album}`)).status).toBe(204);
    expect((await demo.get(`/albums/${album}`)).status).toBe(404);
    expect((await friend.get(`/shared-albums/${album}`)).status).toBe(404);
    const lists = (await demo.get('/albums?limit=500')).body.albums.map((a: any) => a.albumId);
    expect(lists).not.toContain(album);
    expect(
      (await friend.get('/shared-albums')).body.albums.map((a: any) => a.albumId),
    ).not.toContain(album);
    // Its photos stay in the library.
    expect((await demo.get(`/photos/${one.imageId}`)).status).toBe(200);

    const trashed = trashAlbumListSchema.parse((await demo.get('/albums/trash')).body).albums;
    const entry = trashed.find((a) => a.albumId === album)!;
    expect(entry).toMatchObject({ albumName: 'Album to trash', photosCount: 2, isShared: true });
    expect(Date.parse(entry.purgeAt) - Date.parse(entry.deletedAt)).toBe(30 * DAY_MS);
    expect((await friend.get('/albums/trash')).body).toEqual({ albums: [] });
    expect(
      (await friend.send('POST', '/albums/trash/restore', { albumIds: [album] })).body,
    ).toEqual({
      failed: [album],
    });
    expect((await friend.send('DELETE', '/albums/trash', { albumIds: [album] })).body).toEqual({
      failed: [album],
    });

    // A photo of the album is deleted while the album is in Recently deleted.
    await demo.send('DELETE', '/photos', { photoIds: [two.imageId] });
    const waiting = (await demo.get('/albums/trash')).body.albums.find(
      (a: any) => a.albumId === album,
    );
    // It would come back with the one photo that is not deleted.
    expect([waiting.photosCount, waiting.coverPhoto.imageId]).toEqual([1, one.imageId]);
    expect((await demo.send('POST', '/albums/trash/restore', { albumIds: [album] })).body).toEqual({
      failed: [],
    });
    let back = albumSchema.parse((await demo.get(`/albums/${album}`)).body);
    expect([back.photosCount, back.coverPhoto?.imageId, back.isShared]).toEqual([
      1,
      one.imageId,
      true,
    ]);
    expect((await friend.get(`/shared-albums/${album}`)).status).toBe(200);
    // …and rejoins it when it is restored.
    await demo.send('POST', '/photos/trash/restore', { photoIds: [two.imageId] });
    back = albumSchema.parse((await demo.get(`/albums/${album}`)).body);
    expect([back.photosCount, back.coverPhoto?.imageId]).toEqual([2, two.imageId]);

    // The owner deleting through the shared-albums route goes to Recently deleted as well.
    expect((await demo.send('DELETE', `/shared-albums/${album}`)).status).toBe(204);
    expect((await demo.get('/albums/trash')).body.albums.map((a: any) => a.albumId)).toContain(
      album,
    );
    expect((await demo.send('DELETE', '/albums/trash', { albumIds: [album] })).body).toEqual({
      failed: [],
    });
    expect((await demo.send('POST', '/albums/trash/restore', { albumIds: [album] })).body).toEqual({
      failed: [album],
    });
    expect((await demo.get(`/photos/${two.imageId}`)).status).toBe(200);
  });
});

describe('purging frees the storage', () => {
  it('the purge job takes what is older than TRASH_DAYS (controlled clock) and deletes its files; bytes another photo uses stay', async () => {
    const photo = await upload(demo, '2010-05-01T10:00:00.000Z');
    const bytes = await renderDemoJpeg(prng((seed += 1)), '2010-05-02T10:00:00.000Z');
    const shared = await upload(demo, '', bytes);
    const friendsCopy = await upload(friend, '', bytes);
    const hash = await hashOf(photo.imageId);
    const sharedHash = await hashOf(shared.imageId);
    expect(await hashOf(friendsCopy.imageId)).toBe(sharedHash);
    const album = (await demo.send('POST', '/albums', { name: 'Expiring' })).body.albumId;
    await demo.send('POST', `/albums/${album}/photos`, { photoIds: [photo.imageId] });
    await demo.send('DELETE', `/albums/${album}`);
    await demo.send('DELETE', '/photos', { photoIds: [photo.imageId, shared.imageId] });
    const deletedAt = Date.now();

    expect(await ctx.trash.purgeExpired(new Date(deletedAt + 29 * DAY_MS))).toEqual({
      photos: 0,
      albums: 0,
    });
    expect(await filesOnDisk(hash)).toEqual([true, true, true, true]);

    const purged = await ctx.trash.purgeExpired(new Date(deletedAt + 30 * DAY_MS + 60_000));
    expect(purged.photos).toBeGreaterThanOrEqual(2);
    expect(purged.albums).toBeGreaterThanOrEqual(1);
    expect(await filesOnDisk(hash)).toEqual([false, false, false, false]);
    // The friend's photo of the same bytes keeps them.
    expect(await filesOnDisk(sharedHash)).toEqual([true, true, true, true]);
    expect((await friend.get(`/photos/${friendsCopy.imageId}`)).status).toBe(200);
    expect((await trashPage(demo)).map((p) => p.imageId)).not.toContain(photo.imageId);
    expect(
      (await demo.send('POST', '/photos/trash/restore', { photoIds: [photo.imageId] })).body,
    ).toEqual({ failed: [photo.imageId] });
    expect((await demo.get('/albums/trash')).body.albums.map((a: any) => a.albumId)).not.toContain(
      album,
    );
  });

  it('Empty (DELETE /photos/trash/all) and DELETE /photos/trash delete for good and free the files', async () => {
    const a = await upload(demo, '2009-01-01T10:00:00.000Z');
    const b = await upload(demo, '2009-01-02T10:00:00.000Z');
    const [hashA, hashB] = [await hashOf(a.imageId), await hashOf(b.imageId)];
    await demo.send('DELETE', '/photos', { photoIds: [a.imageId, b.imageId] });
    expect(await filesOnDisk(hashA)).toEqual([true, true, true, true]);

    expect((await demo.send('DELETE', '/photos/trash', { photoIds: [a.imageId] })).body).toEqual({
      failed: [],
    });
    expect(await filesOnDisk(hashA)).toEqual([false, false, false, false]);
    expect(await filesOnDisk(hashB)).toEqual([true, true, true, true]);

    const album = (await demo.send('POST', '/albums', { name: 'Emptied' })).body.albumId;
    await demo.send('DELETE', `/albums/${album}`);
    const emptied = emptyTrashResponseSchema.parse(
      (await demo.send('DELETE', '/photos/trash/all')).body,
    );
    expect(emptied.deleted).toBeGreaterThanOrEqual(1);
    expect(emptied.deletedAlbums).toBeGreaterThanOrEqual(1);
    expect(await filesOnDisk(hashB)).toEqual([false, false, false, false]);
    expect(await trashPage(demo)).toEqual([]);
    expect((await demo.get('/albums/trash')).body).toEqual({ albums: [] });
  });
});

describe('the purge schedule', () => {
  it('runs at start and then every interval, purging only past TRASH_DAYS by the injected clock', async () => {
    let clock = Date.parse('2030-01-01T00:00:00.000Z');
    const jobs = new InProcessJobQueue();
    const service = new TrashService({
      db: server.app.deps.db,
      store: ctx.store,
      jobs,
      days: 30,
      purgeIntervalSeconds: 0.05,
      now: () => new Date(clock),
    });
    const runs: string[] = [];
    const purge = service.purgeExpired.bind(service);
    service.purgeExpired = async (now?: Date) => {
      runs.push(new Date(now?.getTime() ?? clock).toISOString());
      return purge(now);
    };
    await service.start();
    try {
      await poll(async () => (runs.length >= 1 ? true : undefined), 5_000);
      clock += DAY_MS;
      await poll(async () => (runs.length >= 3 ? true : undefined), 5_000);
    } finally {
      await jobs.stop({ graceful: true });
    }
    // The first run came at start, later ones by the interval, each reading the clock.
    expect(runs[0]).toBe('2030-01-01T00:00:00.000Z');
    expect(runs.at(-1)).toBe('2030-01-02T00:00:00.000Z');
    expect(service.purgeAt('2030-01-01T00:00:00.000Z')).toBe('2030-01-31T00:00:00.000Z');
  });
});

describe('trash tables', () => {
  it('trashed_photos and trashed_albums have every column of photos and albums', async () => {
    const tables = await server.app.deps.db.introspection.getTables();
    const columns = (name: string) =>
      tables
        .find((table) => table.name === name)!
        .columns.map((column) => column.name)
        .sort();
    const extra = ['deleted_at', 'deletion_id'];
    expect(columns('trashed_photos')).toEqual([...columns('photos'), ...extra].sort());
    expect(columns('trashed_albums')).toEqual([...columns('albums'), ...extra].sort());
  });
});

describe('trash queries', () => {
  it('the Recently deleted page, Undo and the purge are index ranges (EXPLAIN on SQLite and PostgreSQL)', async () => {
    const db = server.app.deps.db;
    const user = demoUserId('demo');
    const queries = [
      trashedPhotosPageQuery(db, user, 100, null),
      trashedPhotosPageQuery(db, user, 100, ['2030-01-01T00:00:00.000Z', user]),
      db
        .selectFrom('trashed_photos')
        .select(['id', 'user_id', 'year', 'month'])
        .where('user_id', '=', user)
        .where('deletion_id', '=', user),
      db
        .selectFrom('trashed_photos')
        .select(['id', 'content_hash'])
        .where('deleted_at', '<', '2030-01-01T00:00:00.000Z')
        .orderBy('deleted_at')
        .limit(500),
      db
        .selectFrom('trashed_photos')
        .select('content_hash')
        .distinct()
        .where('content_hash', 'in', ['a', 'b']),
    ];
    for (const query of queries) {
      const { kind, plan } = await queryPlan(db, query);
      const sqlText = query.compile().sql;
      if (kind === 'postgres') {
        expect(plan, sqlText).toMatch(/"Node Type":"Index (Only )?Scan"/);
        expect(plan, sqlText).not.toMatch(/"Node Type":"(Seq Scan|Sort|Bitmap Heap Scan)"/);
        continue;
      }
      expect(plan, sqlText).toMatch(/SEARCH trashed_photos USING (COVERING )?INDEX/);
      expect(plan, sqlText).not.toMatch(/SCAN trashed_photos|TEMP B-TREE/);
    }
  });
});
