/**
 * What an export folder holds, kept beside it (docs/desktop.md "Export my library"):
 * `.photo-export.json` (a snapshot, written atomically) and `.photo-export.log` (one JSON line per
 * change since the snapshot, appended as each file lands). Appending keeps a 50,000-photo export
 * from rewriting a growing file after every photo; the log is folded into the snapshot after
 * each page of the change feed. A torn last line (a crash mid-append) is ignored: the file it
 * named is found again by its checksum on the next run, never downloaded twice.
 */
import { appendFile, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../storage/atomic-write';

export const SNAPSHOT_NAME = '.photo-export.json';
export const LOG_NAME = '.photo-export.log';
/** Where album folders live in the export (`ALBUMS_DIR` of exporter.ts), as a path prefix. */
const ALBUMS_PREFIX = 'Albums/';

/** A photo copied into the folder: where (relative, `/`-separated) and which bytes. */
export interface ExportedFile {
  path: string;
  checksum: string;
  size: number;
}

const fileSchema = z.object({
  path: z.string().min(1).max(4096),
  checksum: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().min(0),
});

const snapshotSchema = z.object({
  version: z.literal(1),
  accountId: z.string().min(1),
  cursor: z.string().nullable(),
  files: z.record(z.string(), fileSchema),
  /** Photos deleted online: moved under `Deleted/`, kept. */
  deleted: z.record(z.string(), z.string()),
  /**
   * Album folders ("Also make a folder per album"): album id → its folder under `Albums/` and
   * the copy of each of its photos there (photo id → relative path).
   */
  albums: z
    .record(
      z.string(),
      z.object({ folder: z.string().min(1), photos: z.record(z.string(), z.string()) }),
    )
    .default({}),
});
export type ExportState = z.infer<typeof snapshotSchema>;

const entrySchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), id: z.string(), file: fileSchema }),
  z.object({ op: z.literal('delete'), id: z.string(), path: z.string() }),
  z.object({ op: z.literal('cursor'), cursor: z.string() }),
  z.object({ op: z.literal('album'), albumId: z.string(), folder: z.string() }),
  /** The album's folder now has this name (renamed online): its copies moved with it. */
  z.object({ op: z.literal('album-rename'), albumId: z.string(), folder: z.string().min(1) }),
  z.object({ op: z.literal('album-gone'), albumId: z.string() }),
  z.object({ op: z.literal('album-add'), albumId: z.string(), id: z.string(), path: z.string() }),
  z.object({ op: z.literal('album-remove'), albumId: z.string(), id: z.string() }),
]);
type Entry = z.infer<typeof entrySchema>;

function apply(state: ExportState, entry: Entry): void {
  if (entry.op === 'add') {
    state.files[entry.id] = entry.file;
    delete state.deleted[entry.id];
  } else if (entry.op === 'delete') {
    delete state.files[entry.id];
    state.deleted[entry.id] = entry.path;
  } else if (entry.op === 'cursor') {
    state.cursor = entry.cursor;
  } else if (entry.op === 'album') {
    state.albums[entry.albumId] = { folder: entry.folder, photos: {} };
  } else if (entry.op === 'album-rename') {
    const album = state.albums[entry.albumId];
    if (!album) return;
    const from = `${ALBUMS_PREFIX}${album.folder}/`;
    const to = `${ALBUMS_PREFIX}${entry.folder}/`;
    for (const [id, copy] of Object.entries(album.photos))
      if (copy.startsWith(from)) album.photos[id] = to + copy.slice(from.length);
    album.folder = entry.folder;
  } else if (entry.op === 'album-gone') {
    delete state.albums[entry.albumId];
  } else if (entry.op === 'album-add') {
    const album = state.albums[entry.albumId];
    if (album) album.photos[entry.id] = entry.path;
  } else {
    delete state.albums[entry.albumId]?.photos[entry.id];
  }
}

export class ForeignExportError extends Error {
  override name = 'ForeignExportError';
}

/** The journal of one export folder. */
export async function openJournal(folder: string, accountId: string) {
  const snapshotPath = path.join(folder, SNAPSHOT_NAME);
  const logPath = path.join(folder, LOG_NAME);
  let state: ExportState = {
    version: 1,
    accountId,
    cursor: null,
    files: {},
    deleted: {},
    albums: {},
  };
  const text = await readFile(snapshotPath, 'utf8').catch(() => null);
  if (text !== null) {
    const parsed = snapshotSchema.safeParse(JSON.parse(text));
    if (parsed.success) state = parsed.data;
  }
  // Another account's export: never mix two libraries in one folder.
  if (state.accountId !== accountId)
    throw new ForeignExportError('The folder holds another account’s export');
  const log = await readFile(logPath, 'utf8').catch(() => '');
  for (const line of log.split('\n')) {
    if (!line) continue;
    try {
      const entry = entrySchema.safeParse(JSON.parse(line));
      if (entry.success) apply(state, entry.data);
    } catch {
      // A torn line: the crash happened while writing it.
    }
  }
  // Paths in use, lower case (Windows and macOS compare names that way): one look-up per name.
  const used = new Set(Object.values(state.files).map((file) => file.path.toLowerCase()));
  for (const album of Object.values(state.albums))
    for (const copy of Object.values(album.photos)) used.add(copy.toLowerCase());
  let pending = Promise.resolve();
  /** Appends one line; lines are written one after the other, in call order. */
  const record = (entry: Entry): Promise<void> => {
    if (entry.op === 'add') used.add(entry.file.path.toLowerCase());
    if (entry.op === 'delete') {
      const old = state.files[entry.id];
      if (old) used.delete(old.path.toLowerCase());
    }
    if (entry.op === 'album-add') used.add(entry.path.toLowerCase());
    if (entry.op === 'album-remove') {
      const old = state.albums[entry.albumId]?.photos[entry.id];
      if (old) used.delete(old.toLowerCase());
    }
    if (entry.op === 'album-gone' || entry.op === 'album-rename')
      for (const copy of Object.values(state.albums[entry.albumId]?.photos ?? {}))
        used.delete(copy.toLowerCase());
    apply(state, entry);
    if (entry.op === 'album-rename')
      for (const copy of Object.values(state.albums[entry.albumId]?.photos ?? {}))
        used.add(copy.toLowerCase());
    const line = `${JSON.stringify(entry)}\n`;
    pending = pending.then(() => appendFile(logPath, line));
    return pending;
  };
  return {
    state: () => state,
    uses: (lowerCasePath: string) => used.has(lowerCasePath),
    added: (id: string, file: ExportedFile) => record({ op: 'add', id, file }),
    deleted: (id: string, relativePath: string) => record({ op: 'delete', id, path: relativePath }),
    album: (albumId: string, folder: string) => record({ op: 'album', albumId, folder }),
    albumGone: (albumId: string) => record({ op: 'album-gone', albumId }),
    albumRenamed: (albumId: string, folder: string) =>
      record({ op: 'album-rename', albumId, folder }),
    albumAdded: (albumId: string, id: string, relativePath: string) =>
      record({ op: 'album-add', albumId, id, path: relativePath }),
    albumRemoved: (albumId: string, id: string) => record({ op: 'album-remove', albumId, id }),
    /** Folds the log into the snapshot (the album pass has no cursor to move). */
    async flush(): Promise<void> {
      await pending;
      await writeFileAtomic(snapshotPath, JSON.stringify(state));
      await rm(logPath, { force: true });
    },
    /** Moves the cursor on and folds the log into the snapshot. */
    async advance(cursor: string): Promise<void> {
      state.cursor = cursor;
      await pending;
      await writeFileAtomic(snapshotPath, JSON.stringify(state));
      await rm(logPath, { force: true });
    },
  };
}
export type ExportJournal = Awaited<ReturnType<typeof openJournal>>;
