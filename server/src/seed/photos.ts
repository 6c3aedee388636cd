import type { AppDeps } from '../app-deps.ts';
import type { Db } from '../db/database.ts';
import type { AlbumsTable, PhotosTable } from '../db/tables/photos.ts';
import { photoRow } from '../modules/photo-management/photo-ingest.ts';
import { addAlbumPhotos } from '../modules/photo-management/albums-repository.ts';
import { insertPhotos } from '../modules/photo-management/photos-repository.ts';
import { ContentStore } from '../storage/content-store.ts';
import type { DemoImage } from './photos-images.ts';
import { makeDemoImages, prng, prngUuid } from './photos-images.ts';
import { demoUserId } from './users.ts';

/** Reference "now" of the demo data, so every fresh database is identical. */
const SEED_NOW = Date.UTC(2025, 10, 30, 12, 0, 0);
const DAY = 86_400_000;
const DISTINCT_DATED = 300;
const DISTINCT_UNDATED = 10;
const UNDATED_PHOTOS = 30;
const LEGACY_PHOTOS = 12;

export interface PhotoSeedSummary {
  demoPhotos: number;
  friendPhotos: number;
  albums: number;
  legacyPhotos: number;
}

/** Photos per month for demo@example.com: 2019-01 … 2025-10, from 1 to 300, some months empty. */
export function demoMonthPlan(
  random: () => number,
): Array<{ year: number; month: number; count: number }> {
  const plan: Array<{ year: number; month: number; count: number }> = [];
  for (let year = 2019; year <= 2025; year += 1) {
    for (let month = 1; month <= 12; month += 1) {
      if (year === 2025 && month > 10) break;
      const tier = random();
      let count =
        tier < 0.18
          ? 0
          : tier < 0.42
            ? 1 + Math.floor(random() * 5)
            : tier < 0.78
              ? 6 + Math.floor(random() * 35)
              : tier < 0.95
                ? 41 + Math.floor(random() * 80)
                : 121 + Math.floor(random() * 180);
      if (year === 2023 && month === 8) count = 300; // the big summer month
      if (year === 2020 && month === 2) count = 1;
      if (year === 2021 && month === 6) count = 25; // one more than a section page
      if (year === 2024 && month === 12) count = 150;
      plan.push({ year, month, count });
    }
  }
  let total = plan.reduce((sum, entry) => sum + entry.count, 0);
  for (let i = 0; total < 2000; i = (i + 7) % plan.length) {
    const entry = plan[i]!;
    if (entry.count > 0 && entry.count < 300) {
      const add = Math.min(300 - entry.count, 2000 - total);
      entry.count += add;
      total += add;
    }
  }
  return plan;
}

const randomIn = (random: () => number, from: number, to: number) =>
  from + Math.floor(random() * (to - from));

function datesFor(
  random: () => number,
  plan: ReadonlyArray<{ year: number; month: number; count: number }>,
): string[] {
  const dates: string[] = [];
  for (const { year, month, count } of plan) {
    const start = Date.UTC(year, month - 1, 1);
    const end = Date.UTC(year, month, 1);
    for (let i = 0; i < count; i += 1)
      dates.push(
        new Date(randomIn(random, start, end - 1000)).toISOString().replace(/\.\d{3}Z$/, '.000Z'),
      );
  }
  return dates.sort();
}

/** Rows for photos with the given dates (null = no EXIF date), reusing the distinct images. */
function photoRows(
  random: () => number,
  userId: string,
  dates: ReadonlyArray<string | null>,
  dated: readonly DemoImage[],
  undated: readonly DemoImage[],
  namePrefix: string,
): PhotosTable[] {
  return dates.map((date, index) => {
    const pool = date ? dated : undated;
    const source = pool[index % pool.length]!;
    const takenMs = date
      ? Date.parse(date)
      : Date.UTC(2019, 0, 1) + random() * (SEED_NOW - Date.UTC(2019, 0, 1));
    const createdMs = Math.min(SEED_NOW - DAY, takenMs + random() * 40 * DAY);
    const created = new Date(Math.floor(createdMs / 1000) * 1000).toISOString();
    const row = photoRow(
      // The row's own date wins over the reused file's EXIF date.
      { ...source.image, dateTaken: date },
      {
        id: prngUuid(random),
        userId,
        uploadId: prngUuid(random),
        localFileName: `${namePrefix}_${String(1000 + index)}.jpg`,
        hash: source.hash,
        size: source.buffer.length,
        created,
        uploadEnd: new Date(Date.parse(created) + 2000 + Math.floor(random() * 8000)).toISOString(),
      },
    );
    return row;
  });
}

function pick<T>(random: () => number, items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

function albumRow(
  random: () => number,
  userId: string,
  name: string,
  daysAgo: number,
  shared = false,
): AlbumsTable {
  const created = new Date(SEED_NOW - daysAgo * DAY).toISOString();
  return {
    id: prngUuid(random),
    user_id: userId,
    name,
    is_shared: shared ? 1 : 0,
    photos_count: 0,
    cover_photo_id: null,
    created,
    updated: created,
  };
}

async function hasPhotoData(db: Db, userId: string): Promise<boolean> {
  const photo = await db
    .selectFrom('photos')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  const album = await db
    .selectFrom('albums')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(photo || album);
}

/**
 * Deterministic demo photo data: ≥ 2,000 photos for demo@example.com over
 * 2019–2025 with months of 1 to 300 photos and 30 undated ones, albums, a shared album owned
 * by demo with friend participating and one owned by friend with demo participating, and
 * legacy photos waiting for business@example.com. Files are rendered with sharp and go
 * through the real decode/thumbnail pipeline; rows reuse a few hundred distinct images.
 * Does nothing when demo already has photos or albums.
 */
export async function seedPhotos(
  deps: Pick<AppDeps, 'db' | 'paths'>,
): Promise<PhotoSeedSummary | undefined> {
  const { db } = deps;
  const demo = demoUserId('demo');
  const friend = demoUserId('friend');
  const business = demoUserId('business');
  const users = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [demo, friend, business])
    .execute();
  if (users.length !== 3 || (await hasPhotoData(db, demo))) return undefined;

  const random = prng(20_240_501);
  const plan = demoMonthPlan(random);
  const demoDates = datesFor(random, plan);
  const friendDates = datesFor(
    random,
    plan
      .filter((entry) => entry.year >= 2022)
      .map((entry) => ({ ...entry, count: Math.min(entry.count, 3) })),
  );
  const legacyDates = datesFor(random, [{ year: 2018, month: 7, count: LEGACY_PHOTOS }]);

  const step = Math.max(1, Math.floor(demoDates.length / DISTINCT_DATED));
  const datedSources = Array.from(
    { length: DISTINCT_DATED },
    (_, i) => demoDates[(i * step) % demoDates.length]!,
  );
  const [dated, undated, legacy] = [
    await makeDemoImages(random, datedSources),
    await makeDemoImages(
      random,
      Array.from({ length: DISTINCT_UNDATED }, () => null),
    ),
    await makeDemoImages(random, legacyDates),
  ];

  const store = new ContentStore(deps.paths.storage);
  await store.init();
  for (const item of [...dated, ...undated])
    await store.put(item.hash, item.buffer, item.image.thumbnails);
  // Legacy originals only: their thumbnails are made by the import (POST /users/activate).
  for (const item of legacy) await store.put(item.hash, item.buffer, []);

  // Spread reuse: row i of a month takes a source near its date, so thumbnails vary along the timeline.
  const demoRows = photoRows(
    random,
    demo,
    [...demoDates, ...Array.from({ length: UNDATED_PHOTOS }, () => null)],
    dated,
    undated,
    'IMG',
  );
  const friendRows = photoRows(random, friend, friendDates, [...dated].reverse(), undated, 'DSC');
  const demoDated = demoRows.filter((row) => row.date_taken !== null);

  const albums: Array<{
    album: AlbumsTable;
    photos: Array<{ id: string; by: string }>;
    participants: string[];
  }> = [];
  const addAlbum = (
    owner: string,
    name: string,
    daysAgo: number,
    photos: Array<{ id: string; by: string }>,
    participants: string[] = [],
  ) =>
    albums.push({
      album: albumRow(random, owner, name, daysAgo, participants.length > 0),
      photos,
      participants,
    });
  const mine = (rows: PhotosTable[]) => rows.map((row) => ({ id: row.id, by: row.user_id }));

  addAlbum(
    demo,
    'Summer 2023',
    400,
    mine(
      pick(
        random,
        demoDated.filter((r) => r.date_sort.startsWith('2023-08')),
        60,
      ),
    ),
  );
  addAlbum(demo, 'Family', 900, mine(pick(random, demoDated, 150)));
  addAlbum(
    demo,
    'Best of 2021',
    1400,
    mine(
      pick(
        random,
        demoDated.filter((r) => r.year === 2021),
        24,
      ),
    ),
  );
  addAlbum(demo, 'Pets', 120, mine(pick(random, demoDated, 8)));
  addAlbum(
    demo,
    'Birthday party',
    45,
    mine(
      pick(
        random,
        demoDated.filter((r) => r.year === 2025),
        12,
      ),
    ),
  );
  addAlbum(demo, 'Old scans', 30, mine(demoRows.filter((r) => r.date_taken === null).slice(0, 10)));
  addAlbum(demo, 'Garden', 10, mine(pick(random, demoDated, 1)));
  addAlbum(demo, 'Empty album', 3, []);
  addAlbum(
    demo,
    'Trip with friends',
    200,
    [
      ...mine(
        pick(
          random,
          demoDated.filter((r) => r.year === 2024),
          30,
        ),
      ),
      ...mine(pick(random, friendRows, 10)),
    ],
    [friend],
  );
  addAlbum(
    friend,
    'Wedding of Sam & Alex',
    300,
    [
      ...mine(pick(random, friendRows, 40)),
      ...mine(
        pick(
          random,
          demoDated.filter((r) => r.year === 2023),
          5,
        ),
      ),
    ],
    [demo],
  );
  addAlbum(friend, 'Friend’s private album', 50, mine(pick(random, friendRows, 6)));

  const legacyRows = legacy.map((item, index) => ({
    id: prngUuid(random),
    user_id: business,
    local_file_name: `legacy_${String(index + 1).padStart(3, '0')}.jpg`,
    content_hash: item.hash,
    mime_type: item.image.mimeType,
    created: new Date(Date.UTC(2018, 7, 1 + index)).toISOString(),
  }));

  await db.transaction().execute(async (trx) => {
    await insertPhotos(trx, [...demoRows, ...friendRows]);
    for (const { album, photos, participants } of albums) {
      await trx.insertInto('albums').values(album).execute();
      for (const participant of participants) {
        await trx
          .insertInto('album_participants')
          .values({ album_id: album.id, user_id: participant, created: album.created })
          .execute();
      }
      for (const by of new Set(photos.map((photo) => photo.by))) {
        const ids = photos.filter((photo) => photo.by === by).map((photo) => photo.id);
        await addAlbumPhotos(trx, album.id, by, ids);
      }
      // Keep the demo timestamps (addAlbumPhotos stamps "now").
      await trx
        .updateTable('albums')
        .set({ updated: album.created })
        .where('id', '=', album.id)
        .execute();
      await trx
        .updateTable('album_photos')
        .set({ added_at: album.created })
        .where('album_id', '=', album.id)
        .execute();
    }
    await trx.insertInto('legacy_photos').values(legacyRows).execute();
  });
  return {
    demoPhotos: demoRows.length,
    friendPhotos: friendRows.length,
    albums: albums.length,
    legacyPhotos: legacyRows.length,
  };
}
