import { sql } from 'kysely';
import type { AppDeps } from '../app-deps.ts';
import { databaseKind } from '../db/database.ts';
import type { PhotosTable } from '../db/tables/photos.ts';
import { addAlbumPhotos, createAlbum } from '../modules/photo-management/albums-repository.ts';
import { photoRow } from '../modules/photo-management/photo-ingest.ts';
import { insertPhotos } from '../modules/photo-management/photos-repository.ts';
import { ContentStore, sha256 } from '../storage/content-store.ts';
import { makeDemoImages, prng, prngUuid } from './photos-images.ts';
import { demoUserId } from './users.ts';

/** From this many photos the seed drops and rebuilds the indexes (below it they cost little). */
const BULK_LOAD_FROM = 50_000;
/** Rows generated and inserted per transaction. */
const SEED_BATCH = 20_000;

export interface BulkPhotoOptions {
  /** Photos to insert for demo@example.com (the users must be seeded already). */
  photos: number;
  /** Also create one album ('Bench album') holding the first N photos. @default 0 (no album) */
  albumPhotos?: number;
  /** SQLite: drop the photo indexes for the load and build them after. @default photos >= 50,000 */
  bulkLoad?: boolean;
  /**
   * Stored originals to use instead of the demo JPEGs' few KB (a bench of bytes on the wire,
   * `npm run bench:export`); the rows keep the demo images' metadata and thumbnails and share
   * these in turn. @default the demo JPEGs
   */
  originals?: readonly Buffer[];
}

/**
 * Benchmark data: `photos` photos for demo@example.com spread over the 10 years 2015–2024, 2 %
 * without a date, all rows sharing 20 stored files (so 100,000 photos seed in seconds and a million in about a minute). Used by
 * `npm run bench:server` and `npm run bench:timeline`.
 */
export async function seedBulkPhotos(
  deps: Pick<AppDeps, 'db' | 'paths'>,
  { photos, albumPhotos = 0, bulkLoad = photos >= BULK_LOAD_FROM, originals }: BulkPhotoOptions,
): Promise<void> {
  const { db, paths } = deps;
  const userId = demoUserId('demo');
  const random = prng(100_000);
  const demoImages = await makeDemoImages(
    random,
    Array.from({ length: 20 }, (_, i) => new Date(Date.UTC(2020, i % 12, 1)).toISOString()),
  );
  const images = originals?.length
    ? originals.map((buffer, i) => ({
        ...demoImages[i % demoImages.length]!,
        buffer,
        hash: sha256(buffer),
      }))
    : demoImages;
  const store = new ContentStore(paths.storage);
  await store.init();
  for (const image of images) await store.put(image.hash, image.buffer, image.image.thumbnails);
  // 10 years; 2 % undated; rows share the stored files (20 unless `originals` says otherwise).
  const from = Date.UTC(2015, 0, 1);
  const span = Date.UTC(2025, 0, 1) - from;
  const albumIds: string[] = [];
  // SQLite: the photo table's secondary indexes are dropped for the load and built again after
  // it (one sort each instead of a random insert per row), with a larger page cache meanwhile
  // (the default 2 MB thrashes on the primary key's index). A million rows took 210 s without.
  const rebuild = bulkLoad && databaseKind(db) !== 'postgres';
  const indexes = rebuild
    ? (
        await sql<{ name: string; sql: string }>`
          SELECT name, sql FROM sqlite_master
          WHERE type = 'index' AND tbl_name = 'photos' AND sql IS NOT NULL`.execute(db)
      ).rows
    : [];
  const cacheSize = rebuild
    ? (await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db)).rows[0]?.cache_size
    : undefined;
  if (rebuild) {
    await sql`PRAGMA cache_size = -262144`.execute(db);
    for (const index of indexes) await sql.raw(`DROP INDEX ${index.name}`).execute(db);
  }
  try {
    for (let start = 0; start < photos; start += SEED_BATCH) {
      const rows: PhotosTable[] = [];
      for (let i = start; i < Math.min(photos, start + SEED_BATCH); i += 1) {
        const source = images[i % images.length]!;
        const taken =
          random() < 0.02
            ? null
            : new Date(from + Math.floor((random() * span) / 1000) * 1000).toISOString();
        const created = new Date(
          (taken ? Date.parse(taken) : from) + Math.floor(random() * 30 * 86_400) * 1000,
        ).toISOString();
        rows.push(
          photoRow(
            { ...source.image, dateTaken: taken },
            {
              id: prngUuid(random),
              userId,
              uploadId: prngUuid(random),
              localFileName: `IMG_${i}.jpg`,
              hash: source.hash,
              size: source.buffer.length,
              created,
              uploadEnd: created,
            },
          ),
        );
        if (i < albumPhotos) albumIds.push(rows.at(-1)!.id);
      }
      await db.transaction().execute((trx) => insertPhotos(trx, rows));
    }
    // Drawn after the rows, as before the batching: the same seed gives the same library.
    const albumId = prngUuid(random);
    if (albumPhotos > 0) {
      await db.transaction().execute(async (trx) => {
        await createAlbum(trx, userId, 'Bench album', albumId);
        await addAlbumPhotos(trx, albumId, userId, albumIds);
      });
    }
  } finally {
    if (rebuild) {
      for (const index of indexes) await sql.raw(index.sql).execute(db);
      await sql.raw(`PRAGMA cache_size = ${cacheSize ?? -2000}`).execute(db);
    }
  }
  // What a long-running server has: planner statistics (and on SQLite a checkpointed WAL).
  if (databaseKind(db) === 'postgres') {
    await sql`ANALYZE`.execute(db);
  } else {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    await sql`PRAGMA optimize`.execute(db);
  }
}
