import type { PlatformFiles } from '@photo/core/platform/platform';

export type HashRequest = { kind: 'hash'; id: number; file: Blob } | { kind: 'cancel'; id: number };
export type HashResponse =
  | { kind: 'progress'; id: number; hashedBytes: number }
  | { kind: 'done'; id: number; checksum: string }
  | { kind: 'error'; id: number; message: string };

type HashFile = NonNullable<PlatformFiles['hashFile']>;

/**
 * On the page's thread: where Web Workers are missing or fail to start. hash-wasm (and its wasm)
 * loads only then, so it stays out of the first visit's JavaScript.
 */
const hashHere: HashFile = async (file, options = {}) => {
  const [{ CHECKSUM_CHUNK_BYTES, sha256OfChunks }, { blobChunks }] = await Promise.all([
    import('@photo/core/transfer/checksum'),
    import('@photo/core/transfer/upload-source'),
  ]);
  return sha256OfChunks(blobChunks(file, CHECKSUM_CHUNK_BYTES, options.signal), options);
};

/**
 * `platform.files.hashFile` for the web: one module worker (started on first use, so the page
 * does not load it) hashes the files sent to it; if it cannot start or dies, hashing goes on
 * in the page.
 */
export function createWorkerHasher(
  createWorker: () => Worker = () =>
    new Worker(new URL('./hash-worker.ts', import.meta.url), { type: 'module', name: 'hashing' }),
): HashFile {
  let worker: Worker | null = null;
  let broken = false;
  let nextId = 0;
  const pending = new Map<
    number,
    {
      resolve: (checksum: string) => void;
      reject: (error: Error) => void;
      onProgress?: ((hashedBytes: number) => void) | undefined;
    }
  >();

  const failAll = (error: Error) => {
    broken = true;
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
    worker?.terminate();
    worker = null;
  };

  const start = (): Worker | null => {
    if (worker || broken) return worker;
    try {
      worker = createWorker();
    } catch {
      broken = true;
      return null;
    }
    worker.addEventListener('message', (event: MessageEvent<HashResponse>) => {
      const response = event.data;
      const entry = pending.get(response.id);
      if (!entry) return;
      if (response.kind === 'progress') {
        entry.onProgress?.(response.hashedBytes);
        return;
      }
      pending.delete(response.id);
      if (response.kind === 'done') entry.resolve(response.checksum);
      else entry.reject(new Error(response.message));
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      failAll(new Error('The hashing worker stopped'));
    });
    return worker;
  };

  return (file, options = {}) => {
    const running = start();
    if (!running) return hashHere(file, options);
    options.signal?.throwIfAborted();
    const id = (nextId += 1);
    return new Promise<string>((resolve, reject) => {
      pending.set(id, { resolve, reject, onProgress: options.onProgress });
      options.signal?.addEventListener(
        'abort',
        () => {
          pending.delete(id);
          running.postMessage({ kind: 'cancel', id } satisfies HashRequest);
          reject(options.signal?.reason ?? new Error('Aborted'));
        },
        { once: true },
      );
      running.postMessage({ kind: 'hash', id, file } satisfies HashRequest);
    }).catch((error: unknown) => {
      // A worker that broke down hands its files back to the page.
      if (broken && !options.signal?.aborted) return hashHere(file, options);
      throw error;
    });
  };
}
