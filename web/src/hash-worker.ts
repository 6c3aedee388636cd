// Hashes picked files off the page's thread: one message per file, answered with progress and
// the SHA-256, read in chunks (never the whole file in memory).
import { CHECKSUM_CHUNK_BYTES, sha256OfChunks } from '@photo/core/transfer/checksum';
import { blobChunks } from '@photo/core/transfer/upload-source';
import type { HashRequest, HashResponse } from './web-hasher';

/** The worker's global scope, as far as this file uses it (the DOM lib types `self` as Window). */
const scope = self as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<HashRequest>) => void): void;
  postMessage(message: HashResponse): void;
};
const running = new Map<number, AbortController>();
/** Progress at most every this many bytes, so messages stay few. */
const PROGRESS_STEP = 16 * 1024 * 1024;

scope.addEventListener('message', (event) => {
  const request = event.data;
  if (request.kind === 'cancel') {
    running.get(request.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(request.id, controller);
  const post = (response: HashResponse) => scope.postMessage(response);
  let reported = 0;
  sha256OfChunks(blobChunks(request.file, CHECKSUM_CHUNK_BYTES, controller.signal), {
    signal: controller.signal,
    onProgress: (hashedBytes) => {
      if (hashedBytes - reported < PROGRESS_STEP) return;
      reported = hashedBytes;
      post({ kind: 'progress', id: request.id, hashedBytes });
    },
  })
    .then(
      (checksum) => post({ kind: 'done', id: request.id, checksum }),
      (error: unknown) =>
        post({
          kind: 'error',
          id: request.id,
          message: error instanceof Error ? error.message : String(error),
        }),
    )
    .finally(() => running.delete(request.id));
});
