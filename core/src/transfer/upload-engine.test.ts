// @vitest-environment node
// The engine runs under plain Node here (no DOM), as it does in the desktop app's main process.
import { sha256 } from 'hash-wasm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeTusServer, photoBody } from '../testing/fake-tus-stack';
import type { FakeTusOptions } from '../testing/fake-tus-stack';
import { sha256OfSource } from './checksum';
import { RESUME_KEY_PREFIX } from './resume-store';
import { UploadEngine } from './upload-engine';
import type { UploadEngineOptions } from './upload-engine';
import type { UploadItemStatus } from './upload-model';
import { blobSource } from './upload-source';

const STORAGE = 'https://storage.test/api/storage';
const KNOWN = '33333333-3333-4333-8333-333333333333';
const ALBUM = '11111111-1111-4111-8111-111111111111';

/** Deterministic bytes that differ per seed. */
function bytes(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let state = seed * 2654435761;
  for (let index = 0; index < size; index += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    out[index] = state >>> 24;
  }
  return out;
}

const source = (name: string, size: number, seed: number, sendAs: 'blob' | 'bytes' = 'bytes') =>
  blobSource(new Blob([bytes(size, seed)], { type: 'image/jpeg' }), {
    name,
    lastModified: 1_700_000_000_000,
    sendAs,
  });

class MemoryStore {
  readonly map = new Map<string, string>();
  get = (key: string) => this.map.get(key) ?? null;
  set = (key: string, value: string) => void this.map.set(key, value);
  remove = (key: string) => void this.map.delete(key);
}

/** POST /checksums and /getanonymousuploads against the fake server's state. */
function storageFetch(server: FakeTusServer, known: Map<string, string>) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    const headers = new Headers(init?.headers);
    if (!headers.get('Authorization')?.startsWith('Bearer '))
      return new Response('{}', { status: 401 });
    if (url === `${STORAGE}/checksums`) {
      const checksums = body.checksums as string[];
      return Response.json({
        algorithm: 'SHA-256',
        known: checksums.flatMap((checksum) =>
          known.has(checksum) ? [{ checksum, photoId: known.get(checksum) }] : [],
        ),
      });
    }
    if (url === `${STORAGE}/getanonymousuploads`) {
      const ids = body.uploadIds as string[];
      return Response.json({
        uploads: ids.flatMap((id) => {
          const upload = server.uploads.get(id);
          if (!upload) return [];
          return [
            {
              uploadId: id,
              accountId: 'user-1',
              fileName: upload.metadata.filename,
              fileType: null,
              size: upload.length,
              offset: upload.offset,
              checksum: upload.metadata.checksum,
              albumId: null,
              status: upload.offset === upload.length ? 'created' : 'uploading',
              photoId: upload.offset === upload.length ? id : null,
              error: null,
              created: '2026-01-01T00:00:00.000Z',
              finished: null,
              expires: null,
            },
          ];
        }),
      });
    }
    return new Response('{}', { status: 404 });
  });
}

function setUp(
  options: Partial<UploadEngineOptions> = {},
  tus: FakeTusOptions = {},
  known = new Map<string, string>(),
) {
  const server = new FakeTusServer({ known, ...tus });
  const getAccessToken = vi.fn(async () => 'token-1');
  const fetch = storageFetch(server, known);
  const engine = new UploadEngine({
    storageUrl: STORAGE,
    getAccessToken,
    accountId: 'user-1',
    httpStack: server,
    fetch,
    retryDelays: [0, 5, 10],
    chunkSize: 1000,
    notifyIntervalMs: 0,
    outcomePollMs: 5,
    ...options,
  });
  return { server, engine, getAccessToken, fetch, known };
}

/** A new engine (a reload, a released hold) on the same server and resume store as `first`. */
function engineAfter(first: ReturnType<typeof setUp>, store: MemoryStore, token: string) {
  return new UploadEngine({
    storageUrl: STORAGE,
    getAccessToken: async () => token,
    accountId: 'user-1',
    httpStack: first.server,
    fetch: first.fetch,
    resumeStore: store,
    chunkSize: 1000,
    notifyIntervalMs: 0,
  });
}

const statuses = (engine: UploadEngine) => engine.getSnapshot().files.map((item) => item.status);

afterEach(() => vi.restoreAllMocks());

describe('UploadEngine', () => {
  it('hashes, checks and sends each file through tus, with its checksum and album in the metadata', async () => {
    const { server, engine, fetch, getAccessToken } = setUp({ albumId: ALBUM });
    const seen = new Set<UploadItemStatus>();
    engine.subscribe(() => engine.getSnapshot().files.forEach((item) => seen.add(item.status)));
    engine.add([source('a.jpg', 2500, 1), source('b.jpg', 10, 2)]);
    expect(statuses(engine)).toEqual(['waiting', 'waiting']);

    const done = await engine.start();

    expect(done.files.map((item) => item.failure)).toEqual([null, null]);
    expect(done.files.map((item) => item.status)).toEqual(['done', 'done']);
    expect([...seen]).toEqual(expect.arrayContaining(['waiting', 'checking', 'uploading', 'done']));
    expect(done.totals).toMatchObject({
      files: 2,
      done: 2,
      failed: 0,
      totalBytes: 2510,
      settledBytes: 2510,
    });
    const [first] = done.files;
    const upload = server.uploads.get(first?.photoId ?? '');
    expect(upload?.bytes).toEqual(bytes(2500, 1));
    expect(upload?.metadata).toEqual({
      filename: 'a.jpg',
      filetype: 'image/jpeg',
      checksum: await sha256(bytes(2500, 1)),
      albumId: ALBUM,
    });
    expect(first?.checksum).toBe(await sha256(bytes(2500, 1)));
    // 2,500 bytes in chunks of 1,000: three PATCH requests.
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.size)).toEqual(
      expect.arrayContaining([1000, 1000, 500]),
    );
    // Every file's checksum asked about once, in bulk checks. While an upload slot is free the
    // batcher asks at once rather than waiting for more, so the two hashes make one check or two
    // depending on which finishes first (a busy machine makes two).
    const checked = fetch.mock.calls.flatMap(
      ([, init]) =>
        (JSON.parse(String((init as RequestInit).body)) as { checksums: string[] }).checksums,
    );
    expect(checked.sort()).toEqual(
      [await sha256(bytes(2500, 1)), await sha256(bytes(10, 2))].sort(),
    );
    // The token is asked for every tus request, so a refreshed one is used at once.
    expect(getAccessToken.mock.calls.length).toBeGreaterThanOrEqual(server.requests.length);
    expect(server.requests.every((r) => r.headers.authorization === 'Bearer token-1')).toBe(true);
    // Each request carries its own correlation id, the duplicate check too.
    const ids = server.requests.map((r) => r.headers['x-correlationid']);
    expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(id ?? ''))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const checkInit = fetch.mock.calls[0]![1] as RequestInit;
    expect(new Headers(checkInit.headers).get('X-CorrelationId')).toMatch(/^[0-9a-f-]{36}$/);
    expect(engine.createdPhotoIds()).toHaveLength(2);
  });

  it('sends Blob bodies for a browser stack and byte arrays for Node', async () => {
    const { server, engine } = setUp();
    engine.add([source('blob.jpg', 1500, 3, 'blob')]);
    await engine.start();
    expect(server.uploads.size).toBe(1);
    expect([...server.uploads.values()][0]?.bytes).toEqual(bytes(1500, 3));
  });

  it('skips a file the user already has without sending a byte (duplicate)', async () => {
    const checksum = await sha256(bytes(800, 4));
    const { server, engine } = setUp({}, {}, new Map([[checksum, KNOWN]]));
    engine.add([source('again.jpg', 800, 4), source('new.jpg', 800, 5)]);
    const done = await engine.start();
    expect(done.files.map((item) => [item.status, item.photoId === KNOWN])).toEqual([
      ['duplicate', true],
      ['done', false],
    ]);
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(engine.createdPhotoIds()).toEqual([done.files[1]?.photoId]);
  });

  it('with an album, lets the creation add a known photo to it (409 before any byte)', async () => {
    const photoId = '22222222-2222-4222-8222-222222222222';
    const checksum = await sha256(bytes(800, 6));
    const { server, engine } = setUp({ albumId: ALBUM }, {}, new Map([[checksum, photoId]]));
    engine.add([source('again.jpg', 800, 6)]);
    const done = await engine.start();
    expect(done.files[0]).toMatchObject({ status: 'duplicate', photoId });
    expect(server.requests.map((r) => r.method)).toEqual(['POST']);
    // The creation of a known file carries no bytes, so its 409 comes before any is sent.
    expect(server.requests[0]?.size).toBeUndefined();
    expect(engine.createdPhotoIds()).toEqual([]);
  });

  it('sends a new file that fits one chunk in its creation request alone (creation-with-upload)', async () => {
    const { server, engine } = setUp({ chunkSize: 1000 });
    engine.add([source('small.jpg', 1000, 30), source('big.jpg', 2500, 31)]);
    const done = await engine.start();
    expect(done.files.map((item) => item.status)).toEqual(['done', 'done']);
    const nameOf = (request: { url: string; headers: Record<string, string> }) =>
      request.headers['upload-metadata']
        ? atob(/filename ([^,]+)/.exec(request.headers['upload-metadata'])![1]!)
        : server.uploads.get(request.url.split('/').pop()!)?.metadata.filename;
    const sent = (name: string) =>
      server.requests
        .filter((request) => nameOf(request) === name)
        .map((request) => `${request.method}${request.size ?? ''}`);
    // One request for the small file, with every byte; the photo is answered in it.
    expect(sent('small.jpg')).toEqual(['POST1000']);
    expect(server.uploads.get(done.files[0]!.photoId!)?.bytes).toEqual(bytes(1000, 30));
    // A file of more than one chunk creates first, then sends its chunks (each resumable).
    expect(sent('big.jpg')).toEqual(['POST', 'PATCH1000', 'PATCH1000', 'PATCH500']);
  });

  it('sends a file again from its start when its creation with the bytes breaks off', async () => {
    let dropped = false;
    const { server, engine } = setUp(
      {},
      {
        intercept: (request) => {
          if (request.method === 'POST' && request.size && !dropped) {
            dropped = true;
            return 'drop';
          }
        },
      },
    );
    engine.add([source('small.jpg', 900, 32)]);
    const done = await engine.start();
    expect(done.files[0]?.status).toBe('done');
    expect(server.requests.map((r) => `${r.method}${r.size ?? ''}`)).toEqual([
      'POST900',
      'POST900',
    ]);
    expect(server.uploads.get(done.files[0]!.photoId!)?.bytes).toEqual(bytes(900, 32));
  });

  it('fails a refused file with the reason while the others go on', async () => {
    const { engine } = setUp(
      {},
      {
        complete: (upload) =>
          upload.metadata.filename === 'notes.jpg'
            ? {
                status: 415,
                body: JSON.stringify({
                  statusCode: 415,
                  error: 'Unsupported Media Type',
                  message: 'notes.jpg is not a JPEG, PNG or HEIC image',
                  field: 'body',
                }),
              }
            : {
                status: 200,
                body: JSON.stringify({
                  uploadId: upload.id,
                  status: 'created',
                  photoId: upload.id,
                  photo: photoBody(upload.id, 'x'),
                }),
              },
      },
    );
    engine.add([
      source('photo.jpg', 500, 7),
      source('notes.jpg', 500, 8),
      source('more.jpg', 500, 9),
    ]);
    const done = await engine.start();
    expect(done.files.map((item) => item.status)).toEqual(['done', 'failed', 'done']);
    expect(done.files[1]?.failure).toEqual({
      kind: 'refused',
      message: 'notes.jpg is not a JPEG, PNG or HEIC image',
    });
    expect(done.totals).toMatchObject({ done: 2, failed: 1 });
  });

  it('resumes after a dropped connection from the offset the server has', async () => {
    let dropped = false;
    const { server, engine } = setUp(
      {},
      {
        intercept: (request) => {
          if (request.method === 'PATCH' && request.offset === 2000 && !dropped) {
            dropped = true;
            return 'drop';
          }
        },
      },
    );
    engine.add([source('big.jpg', 5000, 10)]);
    const done = await engine.start();
    expect(done.files[0]?.status).toBe('done');
    const methods = server.requests.map((r) => `${r.method}${r.offset ?? ''}`);
    // The dropped PATCH is followed by a HEAD asking the offset, then the rest, once.
    expect(methods).toEqual([
      'POST',
      'PATCH0',
      'PATCH1000',
      'PATCH2000',
      'HEAD',
      'PATCH2000',
      'PATCH3000',
      'PATCH4000',
    ]);
    expect([...server.uploads.values()][0]?.bytes).toEqual(bytes(5000, 10));
  });

  it('resumes in a new engine (a reload) when the same file is picked again', async () => {
    const store = new MemoryStore();
    let cut = true;
    const intercept: FakeTusOptions['intercept'] = (request) =>
      cut && request.method === 'PATCH' && request.offset === 3000 ? 'drop' : undefined;
    const first = setUp({ resumeStore: store, retryDelays: [] }, { intercept });
    first.engine.add([source('big.jpg', 5000, 11)]);
    const failed = await first.engine.start();
    expect(failed.files[0]).toMatchObject({ status: 'failed', failure: { kind: 'network' } });
    expect([...store.map.keys()][0]).toMatch(new RegExp(`^${RESUME_KEY_PREFIX}`));

    // The "reloaded" page: a new engine, the same server and store, the file picked again.
    cut = false;
    const second = engineAfter(first, store, 'token-2');
    first.server.requests.length = 0;
    second.add([source('big.jpg', 5000, 11)]);
    const done = await second.start();
    expect(done.files[0]?.status).toBe('done');
    expect(first.server.requests.map((r) => `${r.method}${r.offset ?? ''}`)).toEqual([
      'HEAD',
      'PATCH3000',
      'PATCH4000',
    ]);
    expect(first.server.uploads.size).toBe(1);
    expect([...first.server.uploads.values()][0]?.bytes).toEqual(bytes(5000, 11));
    // A finished upload is no longer kept for resuming.
    expect(store.map.size).toBe(0);
  });

  it('learns the outcome of a resumed upload that was already complete', async () => {
    const store = new MemoryStore();
    let lost = true;
    const { server, engine, fetch } = setUp(
      { resumeStore: store, retryDelays: [] },
      {
        // The completing answer never arrives, though the server has every byte.
        intercept: (request, upload) => {
          if (lost && request.method === 'PATCH' && upload && request.offset === 1000) {
            upload.bytes.set(bytes(1500, 12).subarray(1000), 1000);
            upload.offset = 1500;
            return 'drop';
          }
        },
      },
    );
    engine.add([source('a.jpg', 1500, 12)]);
    expect((await engine.start()).files[0]?.status).toBe('failed');
    lost = false;
    const again = await engine.retryFailed();
    expect(again.files[0]).toMatchObject({
      status: 'done',
      photoId: [...server.uploads.keys()][0],
    });
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain(
      `${STORAGE}/getanonymousuploads`,
    );
  });

  it('"Retry failed" sends the failed files again and leaves the others', async () => {
    let refuse = true;
    const { engine } = setUp(
      { retryDelays: [] },
      {
        intercept: (request) => (refuse && request.method === 'POST' ? { status: 500 } : undefined),
      },
    );
    engine.add([source('a.jpg', 100, 13)]);
    expect((await engine.start()).files[0]).toMatchObject({
      status: 'failed',
      failure: { kind: 'server' },
    });
    refuse = false;
    expect((await engine.retryFailed()).files[0]?.status).toBe('done');
  });

  it('sends at most `concurrency` files at once (4 by default)', async () => {
    const { server, engine } = setUp({ concurrency: undefined }, { latencyMs: 5 });
    engine.add(Array.from({ length: 10 }, (_, index) => source(`${index}.jpg`, 3000, 20 + index)));
    const done = await engine.start();
    expect(done.totals.done).toBe(10);
    expect(server.maxParallelPatches).toBe(4);
  });

  it('hashes the next files while earlier ones are sent, not after', async () => {
    const order: string[] = [];
    const { engine } = setUp(
      {
        concurrency: 1,
        checksum: async (item, options) => {
          const hex = await sha256OfSource(item, options);
          order.push(`hashed ${item.name}`);
          return hex;
        },
      },
      {
        latencyMs: 20,
        beforeAnswer: async (request, upload) => {
          if (upload?.offset === upload?.length && request.size)
            order.push(`answered ${upload?.metadata.filename}`);
        },
      },
    );
    engine.add([source('a.jpg', 500, 40), source('b.jpg', 500, 41), source('c.jpg', 500, 42)]);
    await engine.start();
    // One upload at a time, two files hashed ahead: b's and c's checksums are ready while a is
    // still on its way, so no upload waits for a hash.
    expect(order.indexOf('hashed b.jpg')).toBeLessThan(order.indexOf('answered a.jpg'));
    expect(order.indexOf('hashed c.jpg')).toBeLessThan(order.indexOf('answered b.jpg'));
    expect(order.filter((entry) => entry.startsWith('answered'))).toEqual([
      'answered a.jpg',
      'answered b.jpg',
      'answered c.jpg',
    ]);
  });

  it('cancel stops the transfers, removes partial uploads on the server and fails the rest', async () => {
    const { server, engine } = setUp({ concurrency: 1 }, { latencyMs: 15 });
    engine.add([source('a.jpg', 500, 30), source('b.jpg', 8000, 31), source('c.jpg', 500, 32)]);
    const running = engine.start();
    await vi.waitFor(() => expect(statuses(engine)[1]).toBe('uploading'), { interval: 2 });
    await vi.waitFor(() => expect(engine.getSnapshot().files[1]?.sentBytes).toBeGreaterThan(0), {
      interval: 2,
    });
    await engine.cancel();
    await running;
    expect(statuses(engine)).toEqual(['done', 'failed', 'failed']);
    expect(engine.getSnapshot().files[2]?.failure?.kind).toBe('cancelled');
    const partial = [...server.uploads.values()].find(
      (upload) => upload.metadata.filename === 'b.jpg',
    );
    expect(partial?.terminated).toBe(true);
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(true);
    // What was created stays for the caller to delete.
    expect(engine.createdPhotoIds()).toHaveLength(1);
  });

  it('withdraw holds files back: the run ends without them, a partial upload resumes later from its offset', async () => {
    const store = new MemoryStore();
    const first = setUp({ concurrency: 1, resumeStore: store }, { latencyMs: 15 });
    first.engine.add(
      [source('a.jpg', 500, 40), source('b.jpg', 8000, 41), source('c.jpg', 500, 42)],
      ['a', 'b', 'c'],
    );
    const running = first.engine.start();
    await vi.waitFor(
      () => expect(first.engine.getSnapshot().files[1]?.sentBytes).toBeGreaterThan(0),
      {
        interval: 2,
      },
    );
    first.engine.withdraw(['b', 'c']);
    const ended = await running;
    expect(ended.files.map((item) => item.status)).toEqual(['done', 'waiting', 'waiting']);
    expect(first.server.requests.some((r) => r.method === 'DELETE')).toBe(false);
    const partial = [...first.server.uploads.values()].find((u) => u.metadata.filename === 'b.jpg');
    expect(partial?.terminated).toBeFalsy();
    expect(first.server.uploads.size).toBe(2);

    // Released: a new engine sends them, b from where it stopped.
    const second = engineAfter(first, store, 'token-1');
    first.server.requests.length = 0;
    second.add([source('b.jpg', 8000, 41), source('c.jpg', 500, 42)], ['b', 'c']);
    const done = await second.start();
    expect(done.totals.done).toBe(2);
    const bId = [...first.server.uploads.values()].find((u) => u.metadata.filename === 'b.jpg')?.id;
    const bPatches = first.server.requests.filter(
      (r) => r.method === 'PATCH' && r.url.endsWith(`/${bId}`),
    );
    expect(bPatches[0]?.offset).toBeGreaterThan(0);
    expect(
      [...first.server.uploads.values()].find((u) => u.metadata.filename === 'b.jpg')?.bytes,
    ).toEqual(bytes(8000, 41));
  });

  it('a file whose last bytes reached the server just before Cancel keeps its photo and says so', async () => {
    let engineUnderTest: UploadEngine | null = null;
    const { server, engine } = setUp(
      { concurrency: 1 },
      {
        // The completing PATCH of b.jpg is served, then the user cancels before its answer
        // arrives: the server has made the photo, the client never heard.
        beforeAnswer: async (request, upload) => {
          if (request.method !== 'PATCH' || upload?.metadata.filename !== 'b.jpg') return;
          if (upload.offset === upload.length) await engineUnderTest!.cancel();
        },
      },
    );
    engineUnderTest = engine;
    engine.add([source('a.jpg', 500, 40), source('b.jpg', 2500, 41), source('c.jpg', 500, 42)]);
    await engine.start();
    expect(statuses(engine)).toEqual(['done', 'done', 'failed']);
    expect(engine.getSnapshot().files[2]?.failure?.kind).toBe('cancelled');
    const b = [...server.uploads.values()].find((upload) => upload.metadata.filename === 'b.jpg');
    expect(b?.terminated, 'a finished upload is not removed').toBe(false);
    // Both photos the server made are the caller's to remove when it gives up the batch.
    expect(engine.createdPhotoIds()).toHaveLength(2);
  });

  it('reports a file the host cannot read as failed, without stopping the others', async () => {
    const { engine } = setUp();
    const broken = { ...source('gone.jpg', 100, 40) };
    broken.chunks = async function* () {
      yield new Uint8Array(1);
      throw new Error('ENOENT: the file is gone');
    };
    engine.add([broken, source('fine.jpg', 100, 41)]);
    const done = await engine.start();
    expect(done.files.map((item) => item.status)).toEqual(['failed', 'done']);
    expect(done.files[0]?.failure).toEqual({
      kind: 'unreadable',
      message: 'ENOENT: the file is gone',
    });
  });

  it('notifies progress at most once per interval but state changes at once', async () => {
    vi.useFakeTimers();
    try {
      const engine = new UploadEngine({
        storageUrl: STORAGE,
        getAccessToken: async () => null,
        notifyIntervalMs: 100,
      });
      const listener = vi.fn();
      engine.subscribe(listener);
      engine.add([source('a.jpg', 10, 50)]);
      expect(listener).toHaveBeenCalledTimes(1);
      const first = engine.getSnapshot();
      expect(engine.getSnapshot()).toBe(first);
    } finally {
      vi.useRealTimers();
    }
  });
});
