// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { KeyValueUrlStorage, RESUME_KEY_PREFIX, RESUME_MAX_AGE_MS } from './resume-store';
import { resumeKeyOf } from './upload-source';

class MemoryStore {
  readonly map = new Map<string, string>();
  get = (key: string) => this.map.get(key) ?? null;
  set = (key: string, value: string) => void this.map.set(key, value);
  remove = (key: string) => void this.map.delete(key);
}

const upload = (url: string, creationTime = new Date().toString()) => ({
  size: 10,
  metadata: { filename: 'a.jpg' },
  creationTime,
  uploadUrl: url,
  parallelUploadUrls: null,
  urlStorageKey: '',
});

describe('KeyValueUrlStorage', () => {
  it('keeps upload URLs per fingerprint, newest first, and forgets one by its key', async () => {
    const store = new MemoryStore();
    const storage = new KeyValueUrlStorage(store);
    const first = await storage.addUpload('fp', upload('https://s/files/1'));
    await storage.addUpload('fp', upload('https://s/files/2'));
    await storage.addUpload('other', upload('https://s/files/3'));
    expect((await storage.findUploadsByFingerprint('fp')).map((u) => u.uploadUrl)).toEqual([
      'https://s/files/2',
      'https://s/files/1',
    ]);
    await storage.removeUpload(first);
    expect((await storage.findUploadsByFingerprint('fp')).map((u) => u.uploadUrl)).toEqual([
      'https://s/files/2',
    ]);
    expect([...store.map.keys()].sort()).toEqual([
      `${RESUME_KEY_PREFIX}fp`,
      `${RESUME_KEY_PREFIX}other`,
    ]);
    const [only] = await storage.findUploadsByFingerprint('fp');
    await storage.removeUpload(only?.urlStorageKey ?? '');
    expect(store.map.has(`${RESUME_KEY_PREFIX}fp`)).toBe(false);
  });

  it('ignores stored values that do not parse and entries older than a day', async () => {
    const store = new MemoryStore();
    const now = Date.parse('2026-05-01T12:00:00Z');
    const storage = new KeyValueUrlStorage(store, () => now);
    store.set(`${RESUME_KEY_PREFIX}bad-json`, '{not json');
    store.set(`${RESUME_KEY_PREFIX}bad-shape`, JSON.stringify([{ uploadUrl: 5 }]));
    expect(await storage.findUploadsByFingerprint('bad-json')).toEqual([]);
    expect(await storage.findUploadsByFingerprint('bad-shape')).toEqual([]);
    await storage.addUpload(
      'fp',
      upload('https://s/old', new Date(now - RESUME_MAX_AGE_MS - 1).toString()),
    );
    await storage.addUpload('fp', upload('https://s/new', new Date(now - 1000).toString()));
    expect((await storage.findUploadsByFingerprint('fp')).map((u) => u.uploadUrl)).toEqual([
      'https://s/new',
    ]);
  });

  it('keeps going when the store throws (full or blocked)', async () => {
    const storage = new KeyValueUrlStorage({
      get: () => null,
      set: () => {
        throw new Error('QuotaExceededError');
      },
      remove: () => {},
    });
    await expect(storage.addUpload('fp', upload('https://s/1'))).resolves.toMatch(/^fp#/);
  });
});

describe('resumeKeyOf', () => {
  it('is equal for the same file and differs when any property differs', () => {
    const file = { name: 'a.jpg', size: 10, type: 'image/jpeg', lastModified: 5 };
    expect(resumeKeyOf(file)).toBe(resumeKeyOf({ ...file }));
    for (const change of [{ name: 'b.jpg' }, { size: 11 }, { type: '' }, { lastModified: 6 }]) {
      expect(resumeKeyOf({ ...file, ...change })).not.toBe(resumeKeyOf(file));
    }
  });
});
