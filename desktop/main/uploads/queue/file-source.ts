/**
 * The engine's source of a queued file, read from disk on demand (only the chunk being sent is in
 * memory), and the checks that keep a restart honest: a file gone fails as `missing`, a file
 * changed on disk since it was queued is taken as the file it is now, so its new resume key
 * never matches the old partial upload (the engine's resume store does the rest).
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import type { UploadSource } from '@photo/core/transfer/upload-source';
import { nodeFileSource } from '../node-file-source';
import { imageTypeOfFile } from '../../files/image-picker';
import type { QueueEntries } from './queue-entries';
import type { QueueEntry } from './queue-file';

/** The source of `entry`, or null when it failed (missing, unreadable: the entry says which). */
export async function sourceOfEntry(
  entries: QueueEntries,
  entry: QueueEntry,
): Promise<UploadSource | null> {
  const info = await stat(entry.path).catch(() => null);
  if (!info?.isFile()) {
    entries.fail(entry, 'missing', 'The file is no longer where it was picked');
    return null;
  }
  if (info.size !== entry.size || info.mtimeMs !== entry.mtimeMs) {
    const type = (await imageTypeOfFile(entry.path)) ?? entry.type;
    entries.patch(entry, { size: info.size, mtimeMs: info.mtimeMs, type });
  }
  try {
    // Readable now, so a file the user may not read fails here as `unreadable`.
    await access(entry.path, constants.R_OK);
    return nodeFileSource(entry.path, {
      name: entry.name,
      type: entry.type,
      size: info.size,
      mtimeMs: info.mtimeMs,
    });
  } catch (error) {
    entries.fail(entry, 'unreadable', error instanceof Error ? error.message : String(error));
    return null;
  }
}
