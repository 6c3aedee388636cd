import type { PreviousUpload, UrlStorage } from 'tus-js-client';
import { z } from 'zod/mini';

/** The part of a key-value store the engine needs (`platform.storage` fits, so does a Map). */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Storage keys of resumable uploads start with this, followed by the tus fingerprint. */
export const RESUME_KEY_PREFIX = 'uploads.resume:';

/**
 * How long a kept upload URL is worth trying: the server removes partial uploads after a day by
 * default (UPLOAD_EXPIRY_SECONDS), and a stale URL only costs one HEAD that answers 404.
 */
export const RESUME_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** At most this many kept uploads per fingerprint (the newest win). */
const MAX_ENTRIES_PER_FINGERPRINT = 3;

const storedUploadSchema = z.object({
  size: z.nullable(z.number()),
  metadata: z.record(z.string(), z.string()),
  creationTime: z.string(),
  uploadUrl: z.optional(z.nullable(z.string())),
  parallelUploadUrls: z.optional(z.nullable(z.array(z.string()))),
  id: z.string(),
});
type StoredUpload = z.infer<typeof storedUploadSchema>;
const storedListSchema = z.array(storedUploadSchema);

/**
 * tus-js-client's URL storage (where an upload's URL is kept so the same file picked again
 * resumes) over any {@link KeyValueStore}: localStorage on the web, the settings file on the
 * desktop. One key per fingerprint holds a small JSON list; entries that do not parse or are
 * older than {@link RESUME_MAX_AGE_MS} are dropped on read, never a crash.
 */
export class KeyValueUrlStorage implements UrlStorage {
  readonly #store: KeyValueStore;
  readonly #now: () => number;
  #counter = 0;

  constructor(store: KeyValueStore, now: () => number = Date.now) {
    this.#store = store;
    this.#now = now;
  }

  // The storage keys are not enumerable through KeyValueStore; lookups go by fingerprint only.
  async findAllUploads(): Promise<PreviousUpload[]> {
    return [];
  }

  async findUploadsByFingerprint(fingerprint: string): Promise<PreviousUpload[]> {
    return this.#read(fingerprint).map((entry) => ({
      size: entry.size,
      metadata: entry.metadata,
      creationTime: entry.creationTime,
      uploadUrl: entry.uploadUrl ?? null,
      parallelUploadUrls: entry.parallelUploadUrls ?? null,
      urlStorageKey: `${fingerprint}#${entry.id}`,
    }));
  }

  async removeUpload(urlStorageKey: string): Promise<void> {
    const cut = urlStorageKey.lastIndexOf('#');
    if (cut < 0) return;
    const fingerprint = urlStorageKey.slice(0, cut);
    const id = urlStorageKey.slice(cut + 1);
    this.#write(
      fingerprint,
      this.#read(fingerprint).filter((entry) => entry.id !== id),
    );
  }

  async addUpload(fingerprint: string, upload: PreviousUpload): Promise<string> {
    this.#counter += 1;
    const id = `${this.#now().toString(36)}-${this.#counter}`;
    const entry: StoredUpload = {
      size: upload.size,
      metadata: upload.metadata,
      creationTime: upload.creationTime,
      uploadUrl: upload.uploadUrl ?? null,
      parallelUploadUrls: upload.parallelUploadUrls ?? null,
      id,
    };
    const kept = [entry, ...this.#read(fingerprint)].slice(0, MAX_ENTRIES_PER_FINGERPRINT);
    this.#write(fingerprint, kept);
    return `${fingerprint}#${id}`;
  }

  #read(fingerprint: string): StoredUpload[] {
    const raw = this.#store.get(RESUME_KEY_PREFIX + fingerprint);
    if (raw === null) return [];
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return [];
    }
    const parsed = storedListSchema.safeParse(json);
    if (!parsed.success) return [];
    const oldest = this.#now() - RESUME_MAX_AGE_MS;
    return parsed.data.filter((entry) => {
      const created = Date.parse(entry.creationTime);
      return Number.isFinite(created) && created >= oldest;
    });
  }

  #write(fingerprint: string, entries: StoredUpload[]): void {
    const key = RESUME_KEY_PREFIX + fingerprint;
    try {
      if (entries.length === 0) this.#store.remove(key);
      else this.#store.set(key, JSON.stringify(entries));
    } catch {
      // A full or blocked store only costs resuming; the upload itself goes on.
    }
  }
}
