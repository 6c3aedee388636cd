import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedBulkPhotos } from '@photo/server/src/seed/bulk-photos.ts';
import { signIn } from '@photo/server/src/testing/sign-in.ts';
import { startTestServer, type TestServer } from '@photo/server/src/testing/test-server.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALBUMS_DIR, createExporter, DELETED_DIR, type ExporterDeps } from './exporter';
import { LOG_NAME, SNAPSHOT_NAME } from './export-journal';

// "Also make a folder per album" against the real server: 40 photos (seeded in bulk, well under
// a second) and two albums made through the API; the whole file takes a few seconds.
const PHOTOS = 40;

let server: TestServer;
let dir: string;
let token: string;
let accountId: string;
const photoApiUrl = () => `${server.origin}/api/photo`;
const albums = { summer: '', family: '' };
let photoIds: string[] = [];

async function api(method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(`${photoApiUrl()}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function createAlbum(name: string, ids: string[]): Promise<string> {
  const created = await api('POST', '/albums', { name });
  expect(created.status).toBe(201);
  const { albumId } = (await created.json()) as { albumId: string };
  expect((await api('POST', `/albums/${albumId}/photos`, { photoIds: ids })).status).toBe(200);
  return albumId;
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'users' });
  await seedBulkPhotos(server.app.deps, { photos: PHOTOS });
  const session = await signIn(server.origin, 'demo@example.com', 'demo1234', {
    clientId: 'desktop',
  });
  token = session.accessToken;
  accountId = session.claims.sub;
  dir = await mkdtemp(path.join(tmpdir(), 'photo-export-albums-'));
  const page = (await (await api('GET', '/photos/changes?limit=500')).json()) as {
    added: { id: string }[];
  };
  photoIds = page.added.map((photo) => photo.id);
  expect(photoIds).toHaveLength(PHOTOS);
  // Overlapping albums; one name holds characters no file system takes as a folder name.
  albums.summer = await createAlbum('Summer', photoIds.slice(0, 10));
  albums.family = await createAlbum('Family: kids/2024', photoIds.slice(5, 15));
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Journal {
  files: Record<string, { path: string; checksum: string }>;
  albums: Record<string, { folder: string; photos: Record<string, string> }>;
}
async function journal(folder: string): Promise<Journal> {
  expect(await readFile(path.join(folder, LOG_NAME), 'utf8').catch(() => '')).toBe('');
  return JSON.parse(await readFile(path.join(folder, SNAPSHOT_NAME), 'utf8')) as Journal;
}

/** The files of one folder of the export (names only), sorted. */
async function namesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
}

/** A fetch that counts the originals it downloads. */
function countingFetch() {
  const originals: string[] = [];
  const counting: typeof fetch = (input, init) => {
    if (/\/images\/[0-9a-f-]{36}\?/.test(String(input))) originals.push(String(input));
    return fetch(input, init);
  };
  return { originals, fetch: counting };
}

function exporterFor(folder: string, overrides: Partial<ExporterDeps> = {}) {
  return createExporter({
    configFile: path.join(dir, 'export.json'),
    photoApiUrl: async () => photoApiUrl(),
    getAccessToken: async () => token,
    getAccountId: async () => accountId,
    showOpenDialog: async () => ({ canceled: false, filePaths: [folder] }),
    showItemInFolder: () => {},
    ...overrides,
  });
}

describe('export with a folder per album', () => {
  const folder = () => path.join(dir, 'Library');
  const summer = () => path.join(folder(), ALBUMS_DIR, 'Summer');
  const family = () => path.join(folder(), ALBUMS_DIR, 'Family_ kids_2024');

  it('puts each album’s photos under Albums/<name>/, linked to the originals, without downloading them again', async () => {
    const counting = countingFetch();
    const exporter = exporterFor(folder(), { fetch: counting.fetch });
    await exporter.resume();
    // Ticked before a folder is picked: kept with the folder's settings once it is.
    expect((await exporter.setAlbumFolders(true)).albumFolders).toBe(true);
    await exporter.chooseFolder();
    await exporter.idle();
    expect(exporter.snapshot()).toMatchObject({ phase: 'up-to-date', albumFolders: true });
    const config = JSON.parse(await readFile(path.join(dir, 'export.json'), 'utf8')) as Record<
      string,
      { albumFolders: boolean }
    >;
    expect(config[accountId]?.albumFolders).toBe(true);
    // Each original came once; the album copies came from the disk.
    expect(counting.originals).toHaveLength(PHOTOS);

    const state = await journal(folder());
    for (const [albumFolder, ids] of [
      [summer(), photoIds.slice(0, 10)],
      [family(), photoIds.slice(5, 15)],
    ] as const) {
      const names = ids.map((id) => path.posix.basename(state.files[id]!.path)).sort();
      expect(await namesIn(albumFolder)).toEqual(names);
      for (const id of ids) {
        const original = path.join(folder(), state.files[id]!.path);
        const copy = path.join(albumFolder, path.posix.basename(state.files[id]!.path));
        expect(sha256(await readFile(copy))).toBe(state.files[id]!.checksum);
        // A hard link: the same bytes on disk once.
        expect((await stat(copy)).ino).toBe((await stat(original)).ino);
      }
    }
    expect(Object.keys(state.albums).sort()).toEqual([albums.summer, albums.family].sort());
    await exporter.close();
  });

  it('does not make album copies again when the journal lost them (a crash before it was written)', async () => {
    const snapshotPath = path.join(folder(), SNAPSHOT_NAME);
    const state = JSON.parse(await readFile(snapshotPath, 'utf8')) as Journal;
    const before = (await namesIn(summer())).length;
    // The links are on disk, the journal never said so: the next run adopts them.
    for (const album of Object.values(state.albums)) album.photos = {};
    await writeFile(snapshotPath, JSON.stringify(state));
    const counting = countingFetch();
    const exporter = exporterFor(folder(), { fetch: counting.fetch });
    await exporter.resume();
    await exporter.idle();
    expect(exporter.snapshot().phase).toBe('up-to-date');
    expect(counting.originals).toEqual([]);
    expect(await namesIn(summer())).toHaveLength(before);
    expect((await namesIn(summer())).some((name) => / \(\d+\)\./.test(name))).toBe(false);
    expect(Object.keys((await journal(folder())).albums[albums.summer]!.photos)).toHaveLength(10);
    await exporter.close();
  });

  it('takes a photo removed from an album out of its folder (the original stays) and moves a deleted album to Deleted/Albums/', async () => {
    const state = await journal(folder());
    const out = photoIds.slice(0, 2);
    expect((await api('DELETE', `/albums/${albums.summer}/photos`, { photoIds: out })).status).toBe(
      200,
    );
    expect((await api('DELETE', `/albums/${albums.family}`)).status).toBe(204);
    const familyNames = await namesIn(family());

    const counting = countingFetch();
    const exporter = exporterFor(folder(), { fetch: counting.fetch });
    await exporter.resume();
    await exporter.idle();
    expect(exporter.snapshot().phase).toBe('up-to-date');
    expect(counting.originals).toEqual([]);

    const summerNames = await namesIn(summer());
    expect(summerNames).toHaveLength(8);
    for (const id of out) {
      const original = state.files[id]!.path;
      expect(summerNames).not.toContain(path.posix.basename(original));
      expect(sha256(await readFile(path.join(folder(), original)))).toBe(state.files[id]!.checksum);
    }
    expect(await stat(family()).catch(() => null)).toBeNull();
    expect(
      await namesIn(path.join(folder(), DELETED_DIR, ALBUMS_DIR, 'Family_ kids_2024')),
    ).toEqual(familyNames);
    const after = await journal(folder());
    expect(Object.keys(after.albums)).toEqual([albums.summer]);
    await exporter.close();
  });

  it('moves a renamed album’s folder to its new name, downloading and linking nothing again, also after a kill mid-way', async () => {
    const before = await journal(folder());
    const names = await namesIn(summer());
    expect(names).toHaveLength(8);
    const inodes = async (albumFolder: string) =>
      Promise.all(names.map(async (name) => (await stat(path.join(albumFolder, name))).ino));
    const linked = await inodes(summer());
    expect((await api('PATCH', `/albums/${albums.summer}`, { name: 'Italy 2026' })).status).toBe(
      200,
    );

    const counting = countingFetch();
    let exporter = exporterFor(folder(), { fetch: counting.fetch });
    await exporter.resume();
    await exporter.idle();
    expect(exporter.snapshot().phase).toBe('up-to-date');
    const italy = path.join(folder(), ALBUMS_DIR, 'Italy 2026');
    expect(await stat(summer()).catch(() => null)).toBeNull();
    expect(await namesIn(italy)).toEqual(names);
    // The same files, moved: no download, no new link.
    expect(counting.originals).toEqual([]);
    expect(await inodes(italy)).toEqual(linked);
    let after = await journal(folder());
    expect(after.albums[albums.summer]!.folder).toBe('Italy 2026');
    expect(Object.values(after.albums[albums.summer]!.photos).sort()).toEqual(
      Object.values(before.albums[albums.summer]!.photos)
        .map((copy) => copy.replace('Albums/Summer/', 'Albums/Italy 2026/'))
        .sort(),
    );
    await exporter.close();

    // Killed after the folder moved, before its journal line: the next pass records the move
    // instead of making a second folder.
    expect((await api('PATCH', `/albums/${albums.summer}`, { name: 'Italy: Rome' })).status).toBe(
      200,
    );
    const rome = path.join(folder(), ALBUMS_DIR, 'Italy_ Rome');
    await rename(italy, rome);
    exporter = exporterFor(folder(), { fetch: counting.fetch });
    await exporter.resume();
    await exporter.idle();
    expect(exporter.snapshot().phase).toBe('up-to-date');
    expect(await readdir(path.join(folder(), ALBUMS_DIR))).toEqual(['Italy_ Rome']);
    expect(await namesIn(rome)).toEqual(names);
    expect(await inodes(rome)).toEqual(linked);
    expect(counting.originals).toEqual([]);
    after = await journal(folder());
    expect(after.albums[albums.summer]!.folder).toBe('Italy_ Rome');
    for (const copy of Object.values(after.albums[albums.summer]!.photos))
      expect(copy.startsWith('Albums/Italy_ Rome/')).toBe(true);
    await exporter.close();
  });
});
