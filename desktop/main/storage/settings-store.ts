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
  let entries: Record<string, string> | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function load(): Promise<Record<string, string>> {
    if (entries) return { ...entries };
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(filePath, 'utf8')));
      // A damaged file must not keep the app from starting: start empty, as a browser would.
      entries = parsed.success ? parsed.data : {};
    } catch {
      entries = {};
    }
    return { ...entries };
  }

  function persist(): Promise<void> {
    const snapshot = JSON.stringify(entries ?? {});
    writing = writing.catch(() => {}).then(() => writeFileAtomic(filePath, snapshot));
    return writing;
  }

  async function set(key: string, value: string): Promise<void> {
    const current = entries ?? (await load(), entries ?? {});
    if (!(key in current) && Object.keys(current).length >= MAX_ENTRIES) {
      throw new Error(`storage is full (${MAX_ENTRIES} keys)`);
    }
    entries = { ...current, [key]: value };
    await persist();
  }

  async function remove(key: string): Promise<void> {
    const current = entries ?? (await load(), entries ?? {});
    if (!(key in current)) return;
    const { [key]: _removed, ...rest } = current;
    entries = rest;
    await persist();
  }

  return { load, set, remove };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
