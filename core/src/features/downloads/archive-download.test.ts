import type { PushMessage } from '../../api/schemas/push';
import type { PushConnection } from '../push/push-connection';
import { waitForArchive } from './archive-download';

const downloadId = '0b5e3f5a-6f1e-4c9e-9a51-6f7a1d3c2b10';
const otherId = '1b5e3f5a-6f1e-4c9e-9a51-6f7a1d3c2b10';

function fakeConnection() {
  const listeners = new Set<(m: PushMessage) => void>();
  const connection: PushConnection = {
    ready: Promise.resolve(),
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    close: () => undefined,
    closed: false,
  };
  const emit = (
    key: 'archive generation started' | 'archive generation finished' | 'archive generation error',
    id = downloadId,
  ) => {
    for (const l of listeners)
      l({
        id: 'x',
        timestamp: '2024-01-01T00:00:00.000Z',
        key,
        message: { userId: 'u', downloadId: id },
      });
  };
  return { connection, emit, listeners };
}

describe('waiting for an archive (docs/product.md#screens downloads)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("fetches the URL when 'archive generation finished' arrives for this download only", async () => {
    const { connection, emit, listeners } = fakeConnection();
    const fetchUrl = vi.fn(async () => 'http://x/a.zip');
    const result = waitForArchive({ downloadId, connection, fetchUrl });
    emit('archive generation started');
    emit('archive generation finished', otherId);
    expect(fetchUrl).not.toHaveBeenCalled();
    emit('archive generation finished');
    await expect(result).resolves.toBe('http://x/a.zip');
    expect(listeners.size).toBe(0);
  });

  it("rejects on 'archive generation error'", async () => {
    const { connection, emit } = fakeConnection();
    const result = waitForArchive({ downloadId, connection, fetchUrl: async () => null });
    emit('archive generation error');
    await expect(result).rejects.toThrow('Archive generation failed');
  });

  it('finds the archive by polling when the push message never comes', async () => {
    let ready = false;
    const result = waitForArchive({
      downloadId,
      connection: null,
      fetchUrl: async () => (ready ? 'http://x/b.zip' : null),
      pollIntervalMs: 1000,
    });
    await vi.advanceTimersByTimeAsync(1000);
    ready = true;
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe('http://x/b.zip');
  });

  it('times out', async () => {
    const result = waitForArchive({
      downloadId,
      connection: null,
      fetchUrl: async () => null,
      pollIntervalMs: 1000,
      timeoutMs: 5000,
    });
    const assertion = expect(result).rejects.toThrow('timed out');
    await vi.advanceTimersByTimeAsync(5000);
    await assertion;
  });
});
