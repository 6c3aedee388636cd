import { createSHA256 } from 'hash-wasm';
import type { UploadSource } from './upload-source';

/** Bytes read per step while hashing: large enough for speed, small enough for any device. */
export const CHECKSUM_CHUNK_BYTES = 4 * 1024 * 1024;

export interface ChecksumOptions {
  signal?: AbortSignal;
  /** Called after each chunk with the bytes hashed so far. */
  onProgress?: (hashedBytes: number) => void;
}

/**
 * How the engine computes a file's SHA-256 (lower-case hex). The default hashes on the calling
 * thread; the web app passes one that hashes in a Web Worker so the page stays responsive.
 */
export type ChecksumFunction = (source: UploadSource, options?: ChecksumOptions) => Promise<string>;

/** An incremental hash as both hash-wasm's hasher and Node's `Hash` offer it. */
export interface IncrementalHash {
  update(chunk: Uint8Array): unknown;
  digest(encoding: 'hex'): string;
}

/**
 * The hex digest of a stream of chunks fed to `hash` one at a time: only one chunk is held, so a
 * file of any size hashes in constant memory. Aborting stops between chunks.
 */
export async function hashChunks(
  chunks: AsyncIterable<Uint8Array>,
  hash: IncrementalHash,
  options: ChecksumOptions = {},
): Promise<string> {
  let hashed = 0;
  for await (const chunk of chunks) {
    options.signal?.throwIfAborted();
    hash.update(chunk);
    hashed += chunk.byteLength;
    options.onProgress?.(hashed);
  }
  options.signal?.throwIfAborted();
  return hash.digest('hex');
}

/** SHA-256 of a stream of chunks with hash-wasm (browsers, workers, Node alike). */
export async function sha256OfChunks(
  chunks: AsyncIterable<Uint8Array>,
  options: ChecksumOptions = {},
): Promise<string> {
  const hasher = await createSHA256();
  hasher.init();
  return hashChunks(chunks, hasher, options);
}

/** The default {@link ChecksumFunction}: the source's chunks hashed on this thread. */
export const sha256OfSource: ChecksumFunction = (source, options = {}) =>
  sha256OfChunks(source.chunks(CHECKSUM_CHUNK_BYTES, options.signal), options);
