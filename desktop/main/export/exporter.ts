/**
 * "Export my library" (docs/desktop.md): copies every original of the signed-in account into a
 * folder the customer picked once (main's dialog), as `YYYY/MM/<file name>`, and keeps it in step
 * through the server's change feed (`GET /photos/changes`): new photos arrive, photos deleted
 * online move to `Deleted/` (never destroyed), photos restored online come back.
 *
 * - Originals stream from the signed URLs straight to disk, 4 at a time, into
 *   `.photo-export-parts/` and get their final name only once complete and their SHA-256 and
 *   size equal the server's: no partial file ever sits under a final name.
 * - The journal beside the export (`export-journal.ts`) records each file as it lands and the
 *   feed's cursor after each page, so an interrupted export resumes per file: a file already
 *   there under its name with the right checksum (landed just before a crash) is adopted, not
 *   downloaded again.
 * - Before each page the free space (`statfs`) must hold the page's originals; a write that
 *   still meets a full disk (ENOSPC) stops the export with `disk-full`, the finished files and
 *   the journal untouched, the half-written part removed.
 * - The folder of each account is kept in `userData/export.json`; paused stays paused across
 *   restarts. Electron's dialog, `shell` and `fetch` are injected, so this runs under Node.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readFile, rename, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { z } from 'zod';
import { albumPageSchema } from '@photo/core/api/schemas/album';
import { photoPageSchema } from '@photo/core/api/schemas/photo';
import {
  photoChangesPageSchema,
  type AddedPhoto,
  type PhotoChangesPage,
} from '@photo/core/api/schemas/photo-changes';
import type { ExportSnapshot } from '../../common/ipc-contract';
import { sanitizeFileName } from '../downloads/file-name';
import type { ShowOpenDialog } from '../files/image-picker';
import { writeFileAtomic } from '../storage/atomic-write';
import { ForeignExportError, openJournal, type ExportJournal } from './export-journal';

export const PARTS_DIR = '.photo-export-parts';
export const DELETED_DIR = 'Deleted';
/** "Also make a folder per album": `Albums/<album name>/<file name>`. */
export const ALBUMS_DIR = 'Albums';
/** Files on the wire at once. */
export const EXPORT_CONCURRENCY = 4;
/** Changes per feed page: each page's URLs are fresh, and an hour is far more than it needs. */
const PAGE_SIZE = 200;
/** Kept free beyond a page's originals, for the journal and the system. */
const FREE_SPACE_MARGIN = 64 * 1024 * 1024;
/** A finished export looks for new changes this often while the app runs. */
const SYNC_INTERVAL_MS = 5 * 60_000;

export interface ExporterDeps {
  /** `userData/export.json`: each account's folder and whether it is paused. */
  configFile: string;
  /** Base URL of the photo API (`{server}/api/photo`). */
  photoApiUrl: () => Promise<string>;
  getAccessToken: () => Promise<string | null>;
  getAccountId: () => Promise<string | null>;
  showOpenDialog: ShowOpenDialog;
  showItemInFolder: (filePath: string) => void;
  onChange?: (snapshot: ExportSnapshot) => void;
  fetch?: typeof fetch;
  /** Where downloaded bytes are written (tests inject a disk that fills up). */
  createWriteStream?: (filePath: string) => Writable;
  /** Free bytes of the folder's file system. */
  freeBytes?: (folder: string) => Promise<number>;
  syncIntervalMs?: number;
  concurrency?: number;
  pageSize?: number;
}

const configSchema = z.record(
  z.string(),
  z.object({
    folder: z.string().min(1),
    paused: z.boolean().default(false),
    /** "Also make a folder per album". */
    albumFolders: z.boolean().default(false),
  }),
);
type ExportConfig = z.infer<typeof configSchema>;

class ExportStop extends Error {
  constructor(readonly reason: 'disk-full' | 'paused' | 'url-expired') {
    super(reason);
  }
}

const isAbort = (error: unknown) => (error as Error | null)?.name === 'AbortError';

async function sha256File(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `YYYY/MM` of the photo's date taken (else its upload), in UTC as the timeline files it. */
function monthFolder(photo: AddedPhoto): string {
  const date = photo.dateTaken ?? photo.created;
  return `${date.slice(0, 4)}/${date.slice(5, 7)}`;
}

/** `name (n).ext` */
/** An album's folder name before numbering: a slash in its name is part of the name, not a folder. */
function albumFolderBase(name: string, albumId: string): string {
  return sanitizeFileName(name.replace(/[/\\]/g, '_'), `album-${albumId}`);
}

/** `folder` is `base (n)`, the numbered form a second album of the same name gets. */
function isNumbered(folder: string, base: string): boolean {
  return folder.startsWith(`${base} (`) && /^ \(\d+\)$/.test(folder.slice(base.length));
}

function numbered(name: string, n: number): string {
  if (n === 0) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

export function createExporter(deps: ExporterDeps) {
  const fetchImpl = deps.fetch ?? fetch;
  const writeStream = deps.createWriteStream ?? ((file: string) => createWriteStream(file));
  const freeBytes =
    deps.freeBytes ??
    (async (folder: string) => {
      const info = await statfs(folder);
      return Number(info.bavail) * Number(info.bsize);
    });
  const concurrency = deps.concurrency ?? EXPORT_CONCURRENCY;
  const pageSize = deps.pageSize ?? PAGE_SIZE;

  let snapshot: ExportSnapshot = {
    folderName: null,
    phase: 'not-set',
    exportedFiles: 0,
    libraryFiles: null,
    receivedBytes: 0,
    lastSyncAt: null,
    albumFolders: false,
  };
  let folder: string | null = null;
  let running: Promise<void> | null = null;
  let controller: AbortController | null = null;
  let timer: NodeJS.Timeout | null = null;
  let lastSent = 0;
  let throttled: NodeJS.Timeout | null = null;

  function emit(patch: Partial<ExportSnapshot>, progressOnly = false) {
    snapshot = { ...snapshot, ...patch };
    if (!deps.onChange) return;
    const now = Date.now();
    if (progressOnly && now - lastSent < 100) {
      throttled ??= setTimeout(() => {
        throttled = null;
        lastSent = Date.now();
        deps.onChange?.(snapshot);
      }, 100);
      return;
    }
    lastSent = now;
    deps.onChange(snapshot);
  }

  async function loadConfig(): Promise<ExportConfig> {
    try {
      return configSchema.parse(JSON.parse(await readFile(deps.configFile, 'utf8')));
    } catch {
      return {};
    }
  }
  async function saveAccount(accountId: string, entry: ExportConfig[string] | null) {
    const config = await loadConfig();
    if (entry) config[accountId] = entry;
    else delete config[accountId];
    await writeFileAtomic(deps.configFile, JSON.stringify(config));
  }

  async function authorized(url: string, signal: AbortSignal): Promise<Response> {
    const token = await deps.getAccessToken();
    if (!token) throw new Error('signed out');
    return fetchImpl(url, { headers: { authorization: `Bearer ${token}` }, signal });
  }

  async function page(cursor: string | null, signal: AbortSignal): Promise<PhotoChangesPage> {
    const query = new URLSearchParams({ limit: String(pageSize) });
    if (cursor) query.set('cursor', cursor);
    const response = await authorized(
      `${await deps.photoApiUrl()}/photos/changes?${query}`,
      signal,
    );
    if (!response.ok) throw new Error(`change feed answered ${response.status}`);
    return photoChangesPageSchema.parse(await response.json());
  }

  /** One sync run: every page of changes after the journal's cursor. */
  async function sync(accountId: string, root: string, signal: AbortSignal): Promise<void> {
    const journal = await openJournal(root, accountId);
    const parts = path.join(root, PARTS_DIR);
    // Parts of a run that was stopped (or killed) are incomplete by definition.
    await rm(parts, { recursive: true, force: true });
    await mkdir(parts, { recursive: true });
    emit({ exportedFiles: Object.keys(journal.state().files).length });
    try {
      const users = await authorized(`${await deps.photoApiUrl()}/users`, signal);
      if (users.ok)
        emit({ libraryFiles: ((await users.json()) as { photosCount: number }).photosCount });
    } catch (error) {
      if (isAbort(error)) throw error;
    }
    let expiredRetries = 0;
    for (;;) {
      const changes = await page(journal.state().cursor, signal);
      const state = journal.state();
      const need = changes.added
        .filter((photo) => !state.files[photo.id])
        .reduce((sum, photo) => sum + photo.size, 0);
      if (need > 0 && need + FREE_SPACE_MARGIN > (await freeBytes(root)))
        throw new ExportStop('disk-full');
      for (const id of changes.removed) await moveToDeleted(root, journal, id);
      try {
        await runPool(changes.added, (photo) => exportOne(root, parts, journal, photo, signal));
      } catch (error) {
        // Signed URLs live about an hour: the same cursor gives the same page with fresh ones.
        if (error instanceof ExportStop && error.reason === 'url-expired' && expiredRetries < 3) {
          expiredRetries += 1;
          continue;
        }
        throw error;
      }
      expiredRetries = 0;
      await journal.advance(changes.cursor);
      if (!changes.hasMore) break;
    }
    if (snapshot.albumFolders) await syncAlbums(accountId, root, journal, signal);
  }

  /** Every page of a paged list of the photo API (`cursor` in, `cursor` out). */
  async function* pages<T extends { cursor: string | null }>(
    url: string,
    limit: number,
    schema: { parse: (data: unknown) => T },
    signal: AbortSignal,
  ): AsyncGenerator<T> {
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ limit: String(limit) });
      if (cursor) query.set('cursor', cursor);
      const response = await authorized(`${url}?${query}`, signal);
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const page = schema.parse(await response.json());
      yield page;
      cursor = page.cursor;
    } while (cursor);
  }

  /**
   * "Also make a folder per album": `Albums/<album name>/` holds each exported photo of each of
   * the customer's own albums (shared ones they own included), hard-linked to the file under
   * `YYYY/MM/` (copied where the file system cannot link): the bytes are never downloaded twice.
   * A photo taken out of an album loses its album copy (the original stays); an album deleted
   * online has its folder moved under `Deleted/Albums/`.
   */
  async function syncAlbums(
    accountId: string,
    root: string,
    journal: ExportJournal,
    signal: AbortSignal,
  ): Promise<void> {
    const api = await deps.photoApiUrl();
    const online = new Map<string, string>();
    for await (const page of pages(`${api}/albums`, 50, albumPageSchema, signal))
      for (const album of page.albums)
        if (album.ownerId === accountId) online.set(album.albumId, album.albumName);

    for (const [albumId, album] of Object.entries(journal.state().albums)) {
      if (online.has(albumId)) continue;
      const source = path.join(root, ALBUMS_DIR, album.folder);
      if (await stat(source).catch(() => null)) {
        let relative = `${DELETED_DIR}/${ALBUMS_DIR}/${album.folder}`;
        for (let n = 1; await stat(path.join(root, relative)).catch(() => null); n += 1)
          relative = `${DELETED_DIR}/${ALBUMS_DIR}/${album.folder} (${n})`;
        await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
        await rename(source, path.join(root, relative));
      }
      await journal.albumGone(albumId);
    }

    for (const [albumId, name] of online) {
      let album = journal.state().albums[albumId];
      if (!album) {
        const folders = new Set(
          Object.values(journal.state().albums).map((known) => known.folder.toLowerCase()),
        );
        const safe = albumFolderBase(name, albumId);
        let n = 0;
        while (folders.has(numbered(safe, n).toLowerCase())) n += 1;
        // A name's dot is not an extension: "Summer 2024 (1)", never "Summer 2024 (1).x".
        const folderName = n === 0 ? safe : `${safe} (${n})`;
        await journal.album(albumId, folderName);
        album = journal.state().albums[albumId]!;
      } else {
        await followAlbumRename(root, journal, albumId, name);
        album = journal.state().albums[albumId]!;
      }
      const inAlbum = new Set<string>();
      for await (const page of pages(
        `${api}/albums/${albumId}/photos`,
        500,
        photoPageSchema,
        signal,
      ))
        for (const photo of page.images) inAlbum.add(photo.imageId);

      for (const [photoId, copy] of Object.entries(album.photos)) {
        if (inAlbum.has(photoId) && journal.state().files[photoId]) continue;
        await rm(path.join(root, copy), { force: true });
        await journal.albumRemoved(albumId, photoId);
      }
      for (const photoId of inAlbum) {
        const original = journal.state().files[photoId];
        if (!original || album.photos[photoId]) continue;
        const relative = await albumPlaceFor(root, journal, album.folder, original);
        const target = path.join(root, relative);
        if (!(await stat(target).catch(() => null))) {
          await mkdir(path.dirname(target), { recursive: true });
          await linkOrCopy(path.join(root, original.path), target);
        }
        await journal.albumAdded(albumId, photoId, relative);
      }
    }
    await journal.flush();
  }

  /**
   * An album renamed online takes its folder along: `Albums/<old>` is renamed (one move on disk,
   * its copies with it: nothing downloaded or linked again) to the new name, made safe and
   * unique among the other albums' folders. The move comes before its journal line; killed in
   * between, the next pass finds the old folder gone and the new one there, and only records it.
   * A folder whose name is already the album's (or the album's name numbered, "Summer (1)") is
   * left as it is.
   */
  async function followAlbumRename(
    root: string,
    journal: ExportJournal,
    albumId: string,
    name: string,
  ): Promise<void> {
    const album = journal.state().albums[albumId]!;
    const safe = albumFolderBase(name, albumId);
    if (album.folder === safe || isNumbered(album.folder, safe)) return;
    const others = new Set(
      Object.entries(journal.state().albums)
        .filter(([id]) => id !== albumId)
        .map(([, known]) => known.folder.toLowerCase()),
    );
    const albumsRoot = path.join(root, ALBUMS_DIR);
    const source = path.join(albumsRoot, album.folder);
    const sourceThere = Boolean(await stat(source).catch(() => null));
    /** A free name: the customer's own folder of that name is left alone. */
    const free = async (candidate: string) => {
      if (others.has(candidate.toLowerCase())) return false;
      // The album's own folder (a case-only rename) may take it; so may the folder this move
      // made before a kill (then the old one is gone and nothing is moved).
      if (!sourceThere || candidate.toLowerCase() === album.folder.toLowerCase()) return true;
      return !(await stat(path.join(albumsRoot, candidate)).catch(() => null));
    };
    let n = 0;
    while (!(await free(n === 0 ? safe : `${safe} (${n})`))) n += 1;
    const folderName = n === 0 ? safe : `${safe} (${n})`;
    if (sourceThere) await rename(source, path.join(albumsRoot, folderName));
    await journal.albumRenamed(albumId, folderName);
  }

  /** A free `Albums/<folder>/name (n).ext`, or one already holding the original's bytes. */
  async function albumPlaceFor(
    root: string,
    journal: ExportJournal,
    albumFolder: string,
    original: { path: string; checksum: string; size: number },
  ): Promise<string> {
    const name = path.posix.basename(original.path);
    for (let n = 0; ; n += 1) {
      const relative = `${ALBUMS_DIR}/${albumFolder}/${numbered(name, n)}`;
      if (journal.uses(relative.toLowerCase())) continue;
      const existing = await stat(path.join(root, relative)).catch(() => null);
      if (!existing) return relative;
      // Linked just before a crash, before the journal said so: adopted, not made again.
      if (existing.isFile() && existing.size === original.size) {
        const source = await stat(path.join(root, original.path)).catch(() => null);
        if (source && source.ino === existing.ino && source.dev === existing.dev) return relative;
        if ((await sha256File(path.join(root, relative))) === original.checksum) return relative;
      }
    }
  }

  /** A hard link (no second copy of the bytes on disk); a local copy where links are refused. */
  async function linkOrCopy(source: string, target: string): Promise<void> {
    try {
      await link(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOSPC') throw error;
      await copyFile(source, target);
    }
  }

  /** Runs `work` over `items`, `concurrency` at a time; the first failure stops the others. */
  async function runPool<T>(items: readonly T[], work: (item: T) => Promise<void>) {
    let next = 0;
    let failure: unknown = null;
    const worker = async () => {
      while (failure === null && next < items.length) {
        const item = items[next++]!;
        try {
          await work(item);
        } catch (error) {
          failure ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
    if (failure !== null) throw failure;
  }

  /** Relative paths in use (lower case: Windows and macOS compare names that way). */
  const reserved = new Set<string>();
  function taken(journal: ExportJournal, relative: string): boolean {
    const lower = relative.toLowerCase();
    return reserved.has(lower) || journal.uses(lower);
  }

  /** The photo's final place: a free `YYYY/MM/name (n).ext`, or one already holding its bytes. */
  async function placeFor(
    root: string,
    journal: ExportJournal,
    photo: AddedPhoto,
  ): Promise<{ relative: string; present: boolean }> {
    const name = sanitizeFileName(photo.fileName, `photo-${photo.id}`);
    for (let n = 0; ; n += 1) {
      const relative = `${monthFolder(photo)}/${numbered(name, n)}`;
      if (taken(journal, relative)) continue;
      const existing = await stat(path.join(root, relative)).catch(() => null);
      if (!existing) return { relative, present: false };
      // Landed just before a crash, before the journal said so: the same bytes are adopted.
      if (existing.isFile() && existing.size === photo.size) {
        if ((await sha256File(path.join(root, relative))) === photo.checksum)
          return { relative, present: true };
      }
    }
  }

  async function exportOne(
    root: string,
    parts: string,
    journal: ExportJournal,
    photo: AddedPhoto,
    signal: AbortSignal,
  ): Promise<void> {
    const state = journal.state();
    if (state.files[photo.id]) return;
    const { relative, present } = await placeFor(root, journal, photo);
    const lower = relative.toLowerCase();
    reserved.add(lower);
    try {
      const target = path.join(root, relative);
      await mkdir(path.dirname(target), { recursive: true });
      const wasDeleted = state.deleted[photo.id];
      if (!present && wasDeleted) {
        // Restored online: the copy kept under Deleted/ comes back.
        const kept = path.join(root, wasDeleted);
        const keptInfo = await stat(kept).catch(() => null);
        if (keptInfo?.size === photo.size && (await sha256File(kept)) === photo.checksum) {
          await rename(kept, target);
          await journal.added(photo.id, {
            path: relative,
            checksum: photo.checksum,
            size: photo.size,
          });
          emit({ exportedFiles: Object.keys(state.files).length });
          return;
        }
      }
      if (!present) await download(photo, path.join(parts, `${photo.id}.part`), target, signal);
      await journal.added(photo.id, { path: relative, checksum: photo.checksum, size: photo.size });
      emit({ exportedFiles: Object.keys(journal.state().files).length });
    } finally {
      reserved.delete(lower);
    }
  }

  async function download(photo: AddedPhoto, part: string, target: string, signal: AbortSignal) {
    // A signed URL: it is the credential, no bearer token goes with it.
    const response = await fetchImpl(photo.url, { signal });
    if (response.status === 403) {
      await response.body?.cancel();
      throw new ExportStop('url-expired');
    }
    if (!response.ok || !response.body) throw new Error(`original answered ${response.status}`);
    const hash = createHash('sha256');
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        bytes += chunk.length;
        emit({ receivedBytes: snapshot.receivedBytes + chunk.length }, true);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        counter,
        writeStream(part),
        { signal },
      );
      if (bytes !== photo.size || hash.digest('hex') !== photo.checksum)
        throw new Error(`the original of ${photo.id} arrived damaged`);
      await rename(part, target);
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
  }

  async function moveToDeleted(root: string, journal: ExportJournal, id: string) {
    const file = journal.state().files[id];
    if (!file) return;
    let relative = `${DELETED_DIR}/${file.path}`;
    for (let n = 1; await stat(path.join(root, relative)).catch(() => null); n += 1)
      relative = `${DELETED_DIR}/${numbered(file.path, n)}`;
    const source = path.join(root, file.path);
    if (await stat(source).catch(() => null)) {
      await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
      await rename(source, path.join(root, relative));
    }
    await journal.deleted(id, relative);
    emit({ exportedFiles: Object.keys(journal.state().files).length });
  }

  function schedule() {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void start(), deps.syncIntervalMs ?? SYNC_INTERVAL_MS);
    timer.unref?.();
  }

  /** Starts a sync run unless one is under way; resolves when it ends. */
  function start(): Promise<void> {
    if (running) return running;
    running = (async () => {
      const accountId = await deps.getAccountId();
      if (!accountId || !folder) return;
      const root = folder;
      controller = new AbortController();
      emit({ phase: 'running', receivedBytes: 0 });
      try {
        await sync(accountId, root, controller.signal);
        emit({ phase: 'up-to-date', lastSyncAt: new Date().toISOString() });
        schedule();
      } catch (error) {
        if (controller.signal.aborted || (error instanceof ExportStop && error.reason === 'paused'))
          emit({ phase: 'paused' });
        else if (
          (error instanceof ExportStop && error.reason === 'disk-full') ||
          (error as NodeJS.ErrnoException).code === 'ENOSPC'
        )
          emit({ phase: 'disk-full' });
        else if (error instanceof ForeignExportError) emit({ phase: 'foreign-folder' });
        else {
          console.error('Export failed', error);
          emit({ phase: 'failed' });
          schedule();
        }
      } finally {
        controller = null;
        running = null;
        if (throttled) clearTimeout(throttled);
        throttled = null;
        deps.onChange?.(snapshot);
      }
    })();
    return running;
  }

  return {
    snapshot: () => snapshot,
    /** Loads the signed-in account's export and, unless paused, brings it up to date. */
    async resume(): Promise<ExportSnapshot> {
      const accountId = await deps.getAccountId();
      const entry = accountId ? (await loadConfig())[accountId] : undefined;
      folder = entry?.folder ?? null;
      emit({
        folderName: folder ? path.basename(folder) : null,
        albumFolders: entry?.albumFolders ?? false,
        phase: !folder
          ? 'not-set'
          : entry?.paused
            ? 'paused'
            : snapshot.phase === 'not-set'
              ? 'idle'
              : snapshot.phase,
      });
      if (folder && !entry?.paused) void start();
      return snapshot;
    },
    /** The customer picks the folder (main's dialog); the export starts at once. */
    async chooseFolder(): Promise<ExportSnapshot> {
      const accountId = await deps.getAccountId();
      if (!accountId) return snapshot;
      const result = await deps.showOpenDialog({
        properties: ['openDirectory', 'createDirectory'],
      });
      const picked = result.filePaths[0];
      if (result.canceled || !picked) return snapshot;
      if (running) await this.pause();
      folder = path.resolve(picked);
      await saveAccount(accountId, { folder, paused: false, albumFolders: snapshot.albumFolders });
      emit({
        folderName: path.basename(folder),
        phase: 'idle',
        exportedFiles: 0,
        lastSyncAt: null,
      });
      void start();
      return snapshot;
    },
    /** Starts again after a pause, a full disk or a failure (or looks for changes now). */
    async start(): Promise<void> {
      const accountId = await deps.getAccountId();
      if (!accountId) return;
      const entry = (await loadConfig())[accountId];
      folder ??= entry?.folder ?? null;
      if (!folder) return;
      const albumFolders = entry?.albumFolders ?? snapshot.albumFolders;
      await saveAccount(accountId, { folder, paused: false, albumFolders });
      emit({ folderName: path.basename(folder), albumFolders });
      void start();
    },
    /** Stops the transfers under way (their parts removed); the next start continues. */
    async pause(): Promise<void> {
      const accountId = await deps.getAccountId();
      if (timer) clearTimeout(timer);
      timer = null;
      if (accountId && folder)
        await saveAccount(accountId, {
          folder,
          paused: true,
          albumFolders: snapshot.albumFolders,
        });
      controller?.abort();
      await running;
      emit({ phase: 'paused' });
    },
    /**
     * "Also make a folder per album", kept with the folder's settings. Turned on, the album
     * folders are made now (a sync starts unless paused); turned off, the folders already made
     * stay as they are and are no longer kept in step.
     */
    async setAlbumFolders(on: boolean): Promise<ExportSnapshot> {
      const accountId = await deps.getAccountId();
      if (!accountId) return snapshot;
      const entry = (await loadConfig())[accountId];
      emit({ albumFolders: on });
      if (!entry) return snapshot;
      await saveAccount(accountId, { ...entry, albumFolders: on });
      // A run under way may have passed its album step already: one more run follows it.
      if (on && !entry.paused) void (running ? running.then(() => start()) : start());
      return snapshot;
    },
    showInFolder(): void {
      if (folder) deps.showItemInFolder(folder);
    },
    /** Resolves when no run is under way (tests). */
    idle: () => running ?? Promise.resolve(),
    /** Stops the timer and any run (app quit, tests). */
    async close(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      controller?.abort();
      await running;
    },
  };
}
export type Exporter = ReturnType<typeof createExporter>;
