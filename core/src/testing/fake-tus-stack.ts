import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';

/**
 * An in-memory tus 1.0 server behind tus-js-client's HttpStack seam, for the upload engine's unit
 * tests: creation (with the storage API's metadata and its 409 for known checksums; with the
 * first bytes too, creation-with-upload), HEAD, PATCH, DELETE, and a completing answer shaped
 * like the real one. Tests steer it with hooks (drop a PATCH, refuse a file) and read what it
 * received.
 */
export interface FakeUpload {
  id: string;
  length: number;
  metadata: Record<string, string>;
  bytes: Uint8Array;
  offset: number;
  terminated: boolean;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** PATCH, and a creation with bytes: the offset it started at and the bytes it carried. */
  offset?: number;
  size?: number;
}

type Reply = { status: number; headers?: Record<string, string>; body?: string };

export interface FakeTusOptions {
  /** Checksums the user already has, with their photo ids (creation answers 409). */
  known?: Map<string, string>;
  /** Runs before each request is served: return 'drop' to fail it without an answer. */
  intercept?: (request: RecordedRequest, upload: FakeUpload | undefined) => 'drop' | Reply | void;
  /** The completing answer for an upload; default a created photo. */
  complete?: (upload: FakeUpload) => Reply;
  /** Milliseconds each request takes. */
  latencyMs?: number;
  /**
   * Runs after a request was served, before its answer leaves: a test can stop the upload there
   * (the server has the bytes, the client never hears so).
   */
  beforeAnswer?: (request: RecordedRequest, upload: FakeUpload | undefined) => Promise<void>;
}

const decodeMetadata = (header: string | undefined) =>
  Object.fromEntries(
    (header ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const [key = '', value = ''] = pair.trim().split(' ');
        return [key, atob(value)];
      }),
  );

let counter = 0;
const uuid = () => {
  counter += 1;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
};

export const photoBody = (photoId: string, name: string) => ({
  imageId: photoId,
  uploadId: photoId,
  localFileName: name,
  url: `https://photos.test/${photoId}`,
  untouchedUrl: `https://photos.test/${photoId}?raw`,
  thumbnails: [{ id: '300', url: `https://photos.test/${photoId}/300`, width: 300, height: 200 }],
  created: '2026-01-01T00:00:00.000Z',
});

async function bytesOf(body: unknown): Promise<Uint8Array> {
  if (body instanceof Uint8Array) return body;
  if (body instanceof Blob) return new Uint8Array(await body.arrayBuffer());
  return new Uint8Array();
}

export class FakeTusServer implements HttpStack {
  readonly uploads = new Map<string, FakeUpload>();
  readonly requests: RecordedRequest[] = [];
  /** Highest number of PATCH requests in flight at once. */
  maxParallelPatches = 0;
  #patching = 0;
  /** The upload the request being served created (a creation's URL does not name it). */
  #created: FakeUpload | undefined;
  readonly options: FakeTusOptions;

  constructor(options: FakeTusOptions = {}) {
    this.options = options;
  }

  getName() {
    return 'fake-tus';
  }

  createRequest(method: string, url: string): HttpRequest {
    const headers: Record<string, string> = {};
    let progress: (sent: number) => void = () => {};
    let aborted = false;
    const request: HttpRequest = {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => {
        headers[name.toLowerCase()] = value;
      },
      getHeader: (name) => headers[name.toLowerCase()],
      setProgressHandler: (handler) => {
        progress = handler;
      },
      send: async (body) => {
        const bytes = await bytesOf(body);
        if (method === 'PATCH') {
          this.#patching += 1;
          this.maxParallelPatches = Math.max(this.maxParallelPatches, this.#patching);
        }
        try {
          await new Promise((resolve) => setTimeout(resolve, this.options.latencyMs ?? 1));
          if (aborted) throw new Error('aborted');
          this.#created = undefined;
          const reply = this.#serve(method, url, headers, bytes, progress);
          const upload = this.#created ?? this.uploads.get(url.split('/').pop() ?? '');
          await this.options.beforeAnswer?.(this.requests.at(-1)!, upload);
          if (aborted) throw new Error('aborted');
          return response(reply);
        } finally {
          if (method === 'PATCH') this.#patching -= 1;
        }
      },
      abort: async () => {
        aborted = true;
      },
      getUnderlyingObject: () => null,
    };
    return request;
  }

  #serve(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Uint8Array,
    progress: (sent: number) => void,
  ): Reply {
    const id = url.split('/').pop() ?? '';
    const upload = method === 'POST' ? undefined : this.uploads.get(id);
    const recorded: RecordedRequest = { method, url, headers: { ...headers } };
    if (method === 'PATCH') {
      recorded.offset = Number(headers['upload-offset']);
      recorded.size = body.byteLength;
    } else if (method === 'POST' && body.byteLength > 0) {
      // creation-with-upload: the first bytes came with the creation.
      recorded.offset = 0;
      recorded.size = body.byteLength;
    }
    this.requests.push(recorded);
    const intercepted = this.options.intercept?.(recorded, upload);
    if (intercepted === 'drop') throw new Error('connection dropped');
    if (intercepted) return intercepted;
    if (!headers.authorization?.startsWith('Bearer '))
      return { status: 401, body: JSON.stringify({ statusCode: 401, message: 'No token' }) };

    if (method === 'POST') {
      const metadata = decodeMetadata(headers['upload-metadata']);
      const known = this.options.known?.get(metadata.checksum ?? '');
      if (known) {
        return {
          status: 409,
          body: JSON.stringify({
            statusCode: 409,
            error: 'Conflict',
            message: 'You already have this photo',
            field: 'headers.upload-metadata.checksum',
            status: 'duplicate',
            photoId: known,
            photo: photoBody(known, metadata.filename ?? ''),
          }),
        };
      }
      const created: FakeUpload = {
        id: uuid(),
        length: Number(headers['upload-length']),
        metadata,
        bytes: new Uint8Array(Number(headers['upload-length'])),
        offset: 0,
        terminated: false,
      };
      this.uploads.set(created.id, created);
      this.#created = created;
      const location = { Location: `${url}/${created.id}` };
      if (body.byteLength === 0 || headers['content-type'] !== 'application/offset+octet-stream')
        return { status: 201, headers: location };
      // creation-with-upload: as the real server, 201 with the offset and the location, and
      // the photo when the bytes were all of the file; a refusal of the file as it is.
      const written = this.#append(created, body, progress);
      if (written.status >= 300) return written;
      return { ...written, status: 201, headers: { ...written.headers, ...location } };
    }
    if (!upload || upload.terminated) return { status: 404, body: '{"statusCode":404}' };
    if (method === 'HEAD') {
      return {
        status: 200,
        headers: { 'Upload-Offset': String(upload.offset), 'Upload-Length': String(upload.length) },
      };
    }
    if (method === 'DELETE') {
      upload.terminated = true;
      return { status: 204 };
    }
    if (method === 'PATCH') {
      if (Number(headers['upload-offset']) !== upload.offset) return { status: 409 };
      return this.#append(upload, body, progress);
    }
    return { status: 405 };
  }

  /** Bytes at the upload's offset: 204, or the completing answer once the file is whole. */
  #append(upload: FakeUpload, body: Uint8Array, progress: (sent: number) => void): Reply {
    upload.bytes.set(body, upload.offset);
    upload.offset += body.byteLength;
    progress(body.byteLength);
    if (upload.offset < upload.length)
      return { status: 204, headers: { 'Upload-Offset': String(upload.offset) } };
    const done = this.options.complete?.(upload) ?? {
      status: 200,
      body: JSON.stringify({
        uploadId: upload.id,
        status: 'created',
        photoId: upload.id,
        photo: photoBody(upload.id, upload.metadata.filename ?? ''),
      }),
    };
    return { ...done, headers: { 'Upload-Offset': String(upload.offset), ...done.headers } };
  }
}

function response(reply: Reply): HttpResponse {
  const headers = Object.fromEntries(
    Object.entries(reply.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return {
    getStatus: () => reply.status,
    getHeader: (name) => headers[name.toLowerCase()],
    getBody: () => reply.body ?? '',
    getUnderlyingObject: () => null,
  };
}
