/**
 * Uploads from disk: each picked file streams from its handle's path to the photo upload
 * endpoint (`POST /photos` of the photo API) as `multipart/form-data` (an optional `albumId`
 * field, then the `file` part), a bounded number at a time, with byte progress per file. The
 * endpoint and the token come in from the caller.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { UploadProgress, UploadTarget } from '../../common/ipc-contract';
import type { ImagePicker } from '../files/image-picker';

export interface UploaderDeps {
  picker: Pick<ImagePicker, 'resolve' | 'release'>;
  /** The upload URL. */
  endpoint: URL;
  getAccessToken: () => Promise<string | null>;
  concurrency?: number;
  fetch?: typeof fetch;
}

function quote(value: string): string {
  return value.replace(/["\\\r\n]/g, (c) => encodeURIComponent(c));
}

async function* multipartBody(
  boundary: string,
  head: Buffer,
  filePath: string,
  onBytes: (bytes: number) => void,
): AsyncGenerator<Uint8Array> {
  yield head;
  for await (const chunk of createReadStream(filePath, { highWaterMark: 256 * 1024 })) {
    onBytes((chunk as Buffer).length);
    yield chunk as Buffer;
  }
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

export function createUploader(deps: UploaderDeps) {
  const doFetch = deps.fetch ?? fetch;
  // Four files at a time: enough to fill the line, few enough for the server and the disk.
  const concurrency = Math.max(1, deps.concurrency ?? 4);

  async function uploadOne(
    handle: string,
    target: UploadTarget,
    onProgress: (progress: UploadProgress) => void,
  ): Promise<UploadProgress> {
    const file = deps.picker.resolve(handle);
    const base = { fileName: file.name, totalBytes: file.size };
    try {
      const token = await deps.getAccessToken();
      if (!token) throw new Error('Not signed in');
      const boundary = `----photo-${randomUUID()}`;
      const album = target.albumId
        ? `--${boundary}\r\nContent-Disposition: form-data; name="albumId"\r\n\r\n${target.albumId}\r\n`
        : '';
      const head = Buffer.from(
        `${album}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quote(file.name)}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      );
      const tailLength = Buffer.byteLength(`\r\n--${boundary}--\r\n`);
      let loadedBytes = 0;
      const body = Readable.toWeb(
        Readable.from(
          multipartBody(boundary, head, file.path, (bytes) => {
            loadedBytes += bytes;
            onProgress({ ...base, loadedBytes, done: false });
          }),
        ),
      );
      const response = await doFetch(deps.endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + file.size + tailLength),
          'x-correlationid': randomUUID(),
        },
        body: body as unknown as RequestInit['body'],
        duplex: 'half',
      } as RequestInit);
      const text = await response.text();
      if (!response.ok)
        throw new Error(`Upload failed with status ${response.status}: ${text.slice(0, 200)}`);
      const json = (text ? JSON.parse(text) : {}) as { imageId?: unknown; photoId?: unknown };
      const photoId =
        typeof json.imageId === 'string'
          ? json.imageId
          : typeof json.photoId === 'string'
            ? json.photoId
            : undefined;
      const finished: UploadProgress = {
        ...base,
        loadedBytes,
        done: true,
        ...(photoId ? { photoId } : {}),
      };
      onProgress(finished);
      return finished;
    } catch (error) {
      const failed: UploadProgress = {
        ...base,
        loadedBytes: 0,
        done: true,
        error: error instanceof Error ? error.message : String(error),
      };
      onProgress(failed);
      return failed;
    } finally {
      deps.picker.release(handle);
    }
  }

  /** Uploads every handle (unknown handles fail the whole call before any byte is sent). */
  async function uploadFiles(
    handles: string[],
    target: UploadTarget,
    onProgress: (progress: UploadProgress) => void,
  ): Promise<UploadProgress[]> {
    for (const handle of handles) deps.picker.resolve(handle);
    const results: UploadProgress[] = new Array(handles.length);
    let next = 0;
    const worker = async () => {
      while (next < handles.length) {
        const index = next++;
        results[index] = await uploadOne(handles[index]!, target, onProgress);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, handles.length) }, worker));
    return results;
  }

  return { uploadFiles };
}

export type Uploader = ReturnType<typeof createUploader>;
