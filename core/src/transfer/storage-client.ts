import {
  anonymousUploadsResponseSchema,
  CHECKSUM_ALGORITHM,
  checksumsResponseSchema,
  MAX_CHECKSUMS_PER_REQUEST,
} from '../api/schemas/upload';
import type { Upload } from '../api/schemas/upload';

/**
 * The storage API's plain JSON calls the engine makes beside tus (the contract is in
 * `core/src/api/schemas/upload.ts`): the bulk duplicate check and an upload's outcome. Host-neutral:
 * it takes `fetch` and the token source from the caller.
 */
export interface StorageClientOptions {
  /** Absolute base URL of the storage API (`StorageApiUrl` of /config.json, resolved). */
  storageUrl: string;
  getAccessToken: () => Promise<string | null>;
  fetch?: typeof fetch;
}

export class StorageClient {
  readonly #options: StorageClientOptions;

  constructor(options: StorageClientOptions) {
    this.#options = options;
  }

  /**
   * Which of these SHA-256 checksums the user already has: a map from the lower-case checksum to
   * the photo id. Asks in requests of at most {@link MAX_CHECKSUMS_PER_REQUEST}.
   */
  async knownChecksums(checksums: readonly string[], signal?: AbortSignal) {
    const known = new Map<string, string>();
    const unique = [...new Set(checksums.map((checksum) => checksum.toLowerCase()))];
    for (let start = 0; start < unique.length; start += MAX_CHECKSUMS_PER_REQUEST) {
      const body = await this.#post(
        '/checksums',
        {
          algorithm: CHECKSUM_ALGORITHM,
          checksums: unique.slice(start, start + MAX_CHECKSUMS_PER_REQUEST),
        },
        signal,
      );
      const parsed = checksumsResponseSchema.safeParse(body);
      if (!parsed.success) throw new Error('The duplicate check answered an unexpected body');
      for (const entry of parsed.data.known) known.set(entry.checksum.toLowerCase(), entry.photoId);
    }
    return known;
  }

  /** The record of one of the user's uploads, or null when the server does not know it. */
  async upload(uploadId: string, signal?: AbortSignal): Promise<Upload | null> {
    const body = await this.#post('/getanonymousuploads', { uploadIds: [uploadId] }, signal);
    const parsed = anonymousUploadsResponseSchema.safeParse(body);
    if (!parsed.success) throw new Error('The upload lookup answered an unexpected body');
    return parsed.data.uploads.find((upload) => upload.uploadId === uploadId) ?? null;
  }

  async #post(path: string, json: unknown, signal?: AbortSignal): Promise<unknown> {
    const token = await this.#options.getAccessToken();
    const doFetch = this.#options.fetch ?? fetch;
    // `cache` is unknown to Node's RequestInit type (the desktop main process builds this too).
    const init: RequestInit & { cache?: 'no-store' } = {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-CorrelationId': globalThis.crypto.randomUUID(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(json),
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    };
    const response = await doFetch(`${this.#options.storageUrl}${path}`, init);
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.json();
  }
}
