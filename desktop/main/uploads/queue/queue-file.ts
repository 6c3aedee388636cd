/**
 * The upload queue's file (`userData/upload-queue.json`, docs/desktop.md "The queue file and
 * restarts"): its schema, what a restart keeps of it, and writing it atomically, one write at a
 * time. The file holds paths; nothing of it reaches the renderer but what the snapshot shows.
 */
import { readFile } from 'node:fs/promises';
import {
  uploadFailureSchema,
  uploadItemIdSchema,
  uploadStatusSchema,
} from '@photo/core/transfer/upload-model';
import { z } from 'zod';
import { writeFileAtomic } from '../../storage/atomic-write';

/** The queue keeps at most this many files (ten folder picks at their limit). */
export const MAX_QUEUED_FILES = 200_000;

const entrySchema = z.object({
  id: uploadItemIdSchema,
  path: z.string().min(1),
  name: z.string(),
  type: z.string(),
  size: z.number().int().nonnegative(),
  mtimeMs: z.number(),
  albumId: z.string().nullable(),
  accountId: z.string().min(1),
  status: uploadStatusSchema,
  photoId: z.string().nullable(),
  failure: z.nullable(uploadFailureSchema),
  /** Held back by its source (a paused watched folder): not sent until released. */
  held: z.boolean().optional(),
});
const queueFileSchema = z.object({
  version: z.literal(1),
  files: z.array(entrySchema).max(MAX_QUEUED_FILES),
  resume: z.record(z.string(), z.string()),
});

/** One file of the queue, as main keeps it (with its path: main only). */
export type QueueEntry = z.infer<typeof entrySchema>;
export type QueueFileContent = z.infer<typeof queueFileSchema>;

/**
 * What the file held when the app stopped, as the next start takes it: what was on its way goes
 * again (waiting), failed files stay failed, finished ones are forgotten. A missing or damaged
 * file gives an empty queue: it must not keep the app from starting.
 */
export async function loadQueueFile(
  filePath: string,
): Promise<{ entries: QueueEntry[]; resume: Record<string, string> }> {
  const empty = { entries: [], resume: {} };
  const text = await readFile(filePath, 'utf8').catch(() => null);
  if (text === null) return empty;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return empty;
  }
  const parsed = queueFileSchema.safeParse(json);
  if (!parsed.success) return empty;
  const entries = parsed.data.files
    .filter((entry) => entry.status !== 'done' && entry.status !== 'duplicate')
    .map((entry) => (entry.status === 'failed' ? entry : { ...entry, status: 'waiting' as const }));
  return { entries, resume: parsed.data.resume };
}

/**
 * Writes `content()` to the file now, or once more after the write under way (never two at a
 * time, and the last state always lands).
 */
export function createQueueFileWriter(filePath: string, content: () => QueueFileContent) {
  let writing: Promise<void> | null = null;
  let dirty = false;
  return {
    save(): Promise<void> {
      dirty = true;
      writing ??= (async () => {
        while (dirty) {
          dirty = false;
          await writeFileAtomic(filePath, JSON.stringify(content())).catch((error: unknown) =>
            console.error('The upload queue could not be saved', error),
          );
        }
      })().finally(() => {
        writing = null;
      });
      return writing;
    },
    /** Resolves once the write under way (if any) is done. */
    async flush(): Promise<void> {
      await writing;
    },
  };
}
