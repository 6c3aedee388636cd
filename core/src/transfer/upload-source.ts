/**
 * What the upload engine reads a file through, on any host: a browser page, a Web Worker, or
 * Node (the desktop app's main process, the upload benchmark). Nothing here touches the DOM or
 * Node built-ins; a host hands the engine sources it made from its own files.
 */
export interface UploadSource {
  /** The file name the user knows (sent as the upload's `filename`; the server cleans it). */
  readonly name: string;
  /** Bytes in the file. */
  readonly size: number;
  /** The declared media type, '' when the host does not know it (HEIC in many browsers). */
  readonly type: string;
  /**
   * Stable for the same file picked again (after a reload, on the next start of the app): the
   * engine keeps resumable uploads under it together with the content checksum.
   */
  readonly resumeKey: string;
  /**
   * The bytes `[start, end)` as a request body the host's tus HTTP stack sends: a `Blob` for a
   * browser's XMLHttpRequest, a `Uint8Array` (or a Node `Readable` with a `size`) under Node.
   */
  slice(start: number, end: number): Promise<unknown>;
  /** The bytes in order, at most `chunkSize` at a time, for hashing (never the whole file). */
  chunks(chunkSize: number, signal?: AbortSignal): AsyncIterable<Uint8Array>;
}

export interface BlobSourceOptions {
  name: string;
  /** Defaults to the blob's own type. */
  type?: string;
  /** Milliseconds since the epoch, part of the resume key when known. */
  lastModified?: number;
  /**
   * What `slice` hands the HTTP stack: `'blob'` for browsers (XMLHttpRequest sends a Blob
   * without copying it), `'bytes'` for Node's stack, which sends Uint8Arrays and streams only.
   * @default 'blob'
   */
  sendAs?: 'blob' | 'bytes';
}

/**
 * A source over a `Blob`: a browser `File`, or under Node a Blob in memory (tests). The desktop
 * app reads files on disk through its own source (`desktop/main/uploads/node-file-source.ts`).
 */
export function blobSource(blob: Blob, options: BlobSourceOptions): UploadSource {
  const type = options.type ?? blob.type;
  const sendAs = options.sendAs ?? 'blob';
  return {
    name: options.name,
    size: blob.size,
    type,
    resumeKey: resumeKeyOf({
      name: options.name,
      size: blob.size,
      type,
      lastModified: options.lastModified,
    }),
    async slice(start, end) {
      const part = blob.slice(start, Math.min(end, blob.size));
      return sendAs === 'blob' ? part : new Uint8Array(await part.arrayBuffer());
    },
    chunks: (chunkSize, signal) => blobChunks(blob, chunkSize, signal),
  };
}

/** Reads a blob in slices of `chunkSize`; stops with the signal's reason when it aborts. */
export async function* blobChunks(
  blob: Blob,
  chunkSize: number,
  signal?: AbortSignal,
): AsyncGenerator<Uint8Array> {
  if (!(chunkSize > 0)) throw new RangeError('chunkSize must be positive');
  for (let offset = 0; offset < blob.size; offset += chunkSize) {
    signal?.throwIfAborted();
    yield new Uint8Array(await blob.slice(offset, offset + chunkSize).arrayBuffer());
  }
}

/**
 * The resume key of a file from what every host knows about it. Equal for the same file picked
 * again; the content checksum (added by the engine) tells apart files that only look alike.
 */
export function resumeKeyOf(file: {
  name: string;
  size: number;
  type: string;
  lastModified?: number | undefined;
}): string {
  return JSON.stringify([file.name, file.size, file.type, file.lastModified ?? null]);
}
