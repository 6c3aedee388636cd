import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dataPaths } from '../../src/app.ts';
import { chunks, SQL_CHUNK_SIZE } from '../../src/db/chunks.ts';
import { closeTestDatabase, openTestDatabase } from '../../src/testing/test-database.ts';
import { databaseKind } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import {
  addAlbumPhotos,
  createAlbum,
  leaveSharedAlbum,
} from '../../src/modules/photo-management/albums-repository.ts';
import {
  canReadPhoto,
  ownPhotoIds,
  readablePhotoFiles,
} from '../../src/modules/photo-management/photos-repository.ts';
import { seedBulkPhotos } from '../../src/seed/bulk-photos.ts';
import { demoUserId, seedUsers } from '../../src/seed/users.ts';

const PHOTOS = SQL_CHUNK_SIZE * 2 + 100;
const demo = demoUserId('demo');
const friend = demoUserId('friend');
let dataDir: string;
let db: Db;
let photoIds: string[];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'photo-repositories-'));
  db = await openTestDatabase();
  await seedUsers(db);
  await seedBulkPhotos({ db, paths: dataPaths(dataDir) }, { photos: PHOTOS });
  photoIds = (await db.selectFrom('photos').select('id').orderBy('id').execute()).map(
    (row) => row.id,
  );
});
afterAll(async () => {
  await closeTestDatabase(db);
  await rm(dataDir, { recursive: true, force: true });
});

describe('seedBulkPhotos', () => {
  it('a bulk load drops the photo indexes for the load and builds the same ones after it', async () => {
    const bulkDir = await mkdtemp(join(tmpdir(), 'photo-bulk-seed-'));
    const bulk = await openTestDatabase();
    try {
      await seedUsers(bulk);
      if (databaseKind(bulk) === 'postgres') return;
      const indexes = async () =>
        (
          await sql<{ name: string; sql: string }>`
            SELECT name, sql FROM sqlite_master
            WHERE type = 'index' AND tbl_name = 'photos' ORDER BY name`.execute(bulk)
        ).rows;
      const before = await indexes();
      expect(before.length).toBeGreaterThan(3);
      await seedBulkPhotos(
        { db: bulk, paths: dataPaths(bulkDir) },
        { photos: 300, bulkLoad: true },
      );
      expect(await indexes()).toEqual(before);
      const counted = await bulk
        .selectFrom('photos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(counted.n)).toBe(300);
    } finally {
      await closeTestDatabase(bulk);
      await rm(bulkDir, { recursive: true, force: true });
    }
  });
});

describe('chunks', () => {
  it('slices a list in order, the last slice shorter', () => {
    expect([...chunks([1, 2, 3, 4, 5], 2)]).toEqual([[1, 2], [3, 4], [5]]);
    expect([...chunks([], 2)]).toEqual([]);
  });
});

describe('ownPhotoIds', () => {
  it('finds the owner’s photos among more ids than one statement takes', async () => {
    expect(photoIds).toHaveLength(PHOTOS);
    const unknown = [randomUUID(), randomUUID()];
    const own = await ownPhotoIds(db, demo, [...unknown, ...photoIds]);
    expect(own).toEqual(new Set(photoIds));
    expect((await ownPhotoIds(db, friend, photoIds)).size).toBe(0);
  });
});

describe('photos readable through a shared album', () => {
  it('are readable to its participant while they stay, in the order asked', async () => {
    const [first, second, third] = photoIds as [string, string, string];
    const albumId = await createAlbum(db, demo, 'Shared');
    await db.updateTable('albums').set({ is_shared: 1 }).where('id', '=', albumId).execute();
    await db
      .insertInto('album_participants')
      .values({ album_id: albumId, user_id: friend, created: new Date().toISOString() })
      .execute();
    await addAlbumPhotos(db, albumId, demo, [third, first]);

    const files = await readablePhotoFiles(db, friend, [third, second, first]);
    expect(files.map((file) => file.id)).toEqual([third, first]);
    expect(files[0]).toMatchObject({
      contentHash: expect.any(String),
      created: expect.any(String),
    });
    expect(await canReadPhoto(db, friend, first)).toBeDefined();
    expect(await canReadPhoto(db, friend, second)).toBeUndefined();
    expect((await readablePhotoFiles(db, demo, [second])).map((file) => file.id)).toEqual([second]);

    await leaveSharedAlbum(db, albumId, friend);
    expect(await readablePhotoFiles(db, friend, [third, first])).toEqual([]);
    expect(await canReadPhoto(db, friend, first)).toBeUndefined();
  });
});

describe('adding photos to one album at once', () => {
  it('counts every photo: concurrent additions never leave a stale count or cover', async () => {
    const albumId = randomUUID();
    await createAlbum(db, demo, 'Concurrent', albumId);
    const batches = Array.from({ length: 8 }, (_, i) => photoIds.slice(i * 10, i * 10 + 10));
    // On PostgreSQL these run on separate pooled connections, truly at once.
    await Promise.all(
      batches.map((batch) =>
        db.transaction().execute((trx) => addAlbumPhotos(trx, albumId, demo, batch)),
      ),
    );
    const album = await db
      .selectFrom('albums')
      .select(['photos_count', 'cover_photo_id'])
      .where('id', '=', albumId)
      .executeTakeFirstOrThrow();
    const newest = await db
      .selectFrom('album_photos')
      .select('photo_id')
      .where('album_id', '=', albumId)
      .orderBy('photo_created', 'desc')
      .orderBy('photo_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(album).toEqual({ photos_count: 80, cover_photo_id: newest.photo_id });
  });
});
