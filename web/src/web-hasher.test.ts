import { sha256 } from 'hash-wasm';
import { createWorkerHasher } from './web-hasher';
import type { HashRequest, HashResponse } from './web-hasher';

const data = new Uint8Array(100_000).map((_, index) => index % 251);

/** A stand-in worker that answers like hash-worker.ts, through the same message shapes. */
class FakeWorker extends EventTarget {
  static started = 0;
  received: HashRequest[] = [];
  constructor() {
    super();
    FakeWorker.started += 1;
  }
  postMessage(request: HashRequest) {
    this.received.push(request);
    if (request.kind !== 'hash') return;
    void sha256(data).then((checksum) => {
      const answer = (response: HashResponse) =>
        this.dispatchEvent(new MessageEvent('message', { data: response }));
      answer({ kind: 'progress', id: request.id, hashedBytes: 50_000 });
      answer({ kind: 'done', id: request.id, checksum });
    });
  }
  terminate() {}
}

describe('createWorkerHasher', () => {
  it('hashes in the worker, started once on first use, with progress', async () => {
    FakeWorker.started = 0;
    const hash = createWorkerHasher(() => new FakeWorker() as unknown as Worker);
    expect(FakeWorker.started).toBe(0);
    const progress: number[] = [];
    const file = new Blob([data]);
    expect(await hash(file, { onProgress: (bytes) => progress.push(bytes) })).toBe(
      await sha256(data),
    );
    await hash(file);
    expect(FakeWorker.started).toBe(1);
    expect(progress).toEqual([50_000]);
  });

  it('hashes on the page when the worker cannot start', async () => {
    const hash = createWorkerHasher(() => {
      throw new Error('no workers here');
    });
    expect(await hash(new Blob([data]))).toBe(await sha256(data));
  });

  it('hands the file back to the page when the worker dies', async () => {
    class DyingWorker extends FakeWorker {
      override postMessage() {
        this.dispatchEvent(new Event('error'));
      }
    }
    const hash = createWorkerHasher(() => new DyingWorker() as unknown as Worker);
    expect(await hash(new Blob([data]))).toBe(await sha256(data));
  });
});
