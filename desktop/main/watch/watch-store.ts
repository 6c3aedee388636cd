/**
 * The watched folders kept in `userData/watched-folders.json` (docs/desktop.md "Watched
 * folders"): written atomically after every change, read once at start. A damaged file is ignored
 * (nothing is watched), as settings.json and the upload queue are.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../storage/atomic-write';

/** Watches one account may keep. */
export const MAX_WATCHES = 50;
/** Files one watch remembers (what it has sent); beyond it, the server's duplicate check guards. */
export const MAX_KNOWN_FILES = 200_000;

export const watchTargetSchema = z.enum(['library', 'album', 'album-per-subfolder']);

const watchRecordSchema = z.object({
  id: z.string().uuid(),
  path: z.string().min(1),
  /** The account (`sub`) that asked for it: another user signed in never sees or runs it. */
  accountId: z.string().min(1),
  target: watchTargetSchema,
  paused: z.boolean(),
  /** Album key ('' for the folder itself, a subfolder's name) → the album made for it. */
  albums: z.record(z.string(), z.string()),
  /**
   * Files handed to the upload queue, by fingerprint (device, inode, size, modification time),
   * with their queue id: a file renamed or moved inside the folder keeps its fingerprint and is
   * not sent again.
   */
  known: z.record(z.string(), z.string()),
});

const watchFileSchema = z.object({
  version: z.literal(1),
  watches: z.array(watchRecordSchema).max(MAX_WATCHES * 20),
});

export type WatchRecord = z.infer<typeof watchRecordSchema>;

export function createWatchStore(filePath: string) {
  let writing: Promise<void> | null = null;
  let dirty = false;
  let current: WatchRecord[] = [];

  async function load(): Promise<WatchRecord[]> {
    const text = await readFile(filePath, 'utf8').catch(() => null);
    if (text === null) return [];
    try {
      const parsed = watchFileSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data.watches : [];
    } catch {
      return [];
    }
  }

  /** Writes `records` now, or once more after the write under way (never two at a time). */
  function save(records: WatchRecord[]): Promise<void> {
    current = records;
    dirty = true;
    writing ??= (async () => {
      while (dirty) {
        dirty = false;
        await writeFileAtomic(
          filePath,
          JSON.stringify({ version: 1, watches: current } satisfies z.infer<
            typeof watchFileSchema
          >),
        ).catch((error: unknown) => console.error('The watched folders could not be saved', error));
      }
    })().finally(() => {
      writing = null;
    });
    return writing;
  }

  return { load, save, flush: async () => writing ?? undefined };
}

export type WatchStore = ReturnType<typeof createWatchStore>;
