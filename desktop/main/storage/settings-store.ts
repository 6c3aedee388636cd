/**
 * The desktop side of `PlatformStorage`: string keys and values in a JSON file under
 * `userData`. Core's storage API is synchronous, so the renderer keeps a mirror filled from
 * `load()` at startup and sends each change here; this module keeps its own copy and writes
 * the file in order, one write at a time.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from './atomic-write';

export const MAX_KEY_LENGTH = 200;
export const MAX_VALUE_LENGTH = 64 * 1024;
export const MAX_ENTRIES = 500;

export const storageKeySchema = z.string().min(1).max(MAX_KEY_LENGTH);
export const storageValueSchema = z.string().max(MAX_VALUE_LENGTH);
const fileSchema = z.record(storageKeySchema, storageValueSchema);

export function createSettingsStore(filePath: string) {
  let loading: Promise<Record<string, string>> | null = null;
  let entries: Record<string, string> = {};
  // Every change runs in call order: update the copy, then write the file.
  let queue: Promise<unknown> = Promise.resolve();

  function ensureLoaded(): Promise<Record<string, string>> {
    loading ??= readFile(filePath, 'utf8')
      .then((text) => {
        const parsed = fileSchema.safeParse(JSON.parse(text));
        // A damaged file must not keep the app from starting: start empty, as a browser would.
        return parsed.success ? parsed.data : {};
      })
      .catch(() => ({}))
      .then((loaded) => (entries = loaded));
    return loading;
  }

  function enqueue(
    change: (current: Record<string, string>) => Record<string, string> | null,
  ): Promise<void> {
    const run = queue.then(async () => {
      await ensureLoaded();
      const next = change(entries);
      if (next === null) return;
      entries = next;
      await writeFileAtomic(filePath, JSON.stringify(entries));
    });
    queue = run.catch(() => {});
    return run;
  }

  async function load(): Promise<Record<string, string>> {
    await ensureLoaded();
    return { ...entries };
  }

  function set(key: string, value: string): Promise<void> {
    return enqueue((current) => {
      if (!(key in current) && Object.keys(current).length >= MAX_ENTRIES) {
        throw new Error(`storage is full (${MAX_ENTRIES} keys)`);
      }
      return { ...current, [key]: value };
    });
  }

  function remove(key: string): Promise<void> {
    return enqueue((current) => {
      if (!(key in current)) return null;
      const { [key]: _removed, ...rest } = current;
      return rest;
    });
  }

  return { load, set, remove };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
