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
});
export type ExportState = z.infer<typeof snapshotSchema>;

const entrySchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), id: z.string(), file: fileSchema }),
  z.object({ op: z.literal('delete'), id: z.string(), path: z.string() }),
  z.object({ op: z.literal('cursor'), cursor: z.string() }),
]);
type Entry = z.infer<typeof entrySchema>;

function apply(state: ExportState, entry: Entry): void {
  if (entry.op === 'add') {
    state.files[entry.id] = entry.file;
    delete state.deleted[entry.id];
  } else if (entry.op === 'delete') {
    delete state.files[entry.id];
    state.deleted[entry.id] = entry.path;
  } else {
    state.cursor = entry.cursor;
  }
}

export class ForeignExportError extends Error {
  override name = 'ForeignExportError';
}

/** The journal of one export folder. */
export async function openJournal(folder: string, accountId: string) {
  const snapshotPath = path.join(folder, SNAPSHOT_NAME);
  const logPath = path.join(folder, LOG_NAME);
  let state: ExportState = { version: 1, accountId, cursor: null, files: {}, deleted: {} };
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
  let pending = Promise.resolve();
  /** Appends one line; lines are written one after the other, in call order. */
  const record = (entry: Entry): Promise<void> => {
    if (entry.op === 'add') used.add(entry.file.path.toLowerCase());
    if (entry.op === 'delete') {
      const old = state.files[entry.id];
      if (old) used.delete(old.path.toLowerCase());
    }
    apply(state, entry);
    const line = `${JSON.stringify(entry)}\n`;
    pending = pending.then(() => appendFile(logPath, line));
    return pending;
  };
  return {
    state: () => state,
    uses: (lowerCasePath: string) => used.has(lowerCasePath),
    added: (id: string, file: ExportedFile) => record({ op: 'add', id, file }),
    deleted: (id: string, relativePath: string) => record({ op: 'delete', id, path: relativePath }),
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
