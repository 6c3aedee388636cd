import type { PushMessage } from '../../api/schemas/push';
import type { PushConnection } from '../push/push-connection';
import { importMessageReceived, initialImportProgress } from './import-progress';
import { ACTIVATION_REFETCH_DELAY_MS, IMPORT_FINISHED_EVENT, watchImport } from './import-watcher';

const message = (type: string, timestamp: string, importedCount = 1, id = crypto.randomUUID()) => ({
  id,
  type,
  data: {
    payload: { userId: 'user-2', importedCount, totalCount: 10 },
    timestamp,
  },
});

describe('importMessageReceived (docs/product.md#states, #validation)', () => {
  it('keeps the newest message by timestamp, whatever the order of arrival', () => {
    const newer = message('import progress', '2026-01-01T10:00:05.000Z', 5);
    const older = message('import progress', '2026-01-01T10:00:01.000Z', 1);
    const afterNewer = importMessageReceived(initialImportProgress, newer);
    expect(afterNewer.latest?.data.payload.importedCount).toBe(5);
    expect(importMessageReceived(afterNewer, older)).toBe(afterNewer);
    const newest = message('import finished', '2026-01-01T10:00:09.000Z', 10);
    expect(importMessageReceived(afterNewer, newest).latest?.type).toBe('import finished');
  });

  it.each([
    [
      'an id that is no uuid',
      { ...message('import started', '2026-01-01T10:00:00.000Z'), id: 'x' },
    ],
    ['an unknown type', message('import paused', '2026-01-01T10:00:00.000Z')],
    ['a timestamp that is no date-time', message('import started', 'yesterday')],
    ['an archive message', { id: 'a', key: 'archive generation started' }],
    ['nothing', null],
  ])('ignores %s', (_name, frame) => {
    expect(importMessageReceived(initialImportProgress, frame)).toBe(initialImportProgress);
  });
});

class FakeConnection {
  listeners = new Set<(message: PushMessage) => void>();
  ready = Promise.resolve();
  closed = false;
  subscribe(listener: (message: PushMessage) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  close() {}
  send(frame: unknown) {
    for (const listener of [...this.listeners]) listener(frame as PushMessage);
  }
}

describe('watchImport', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('on "import finished": tracks the event, waits 10 s, refetches, ends and lets the socket go', async () => {
    const connection = new FakeConnection();
    const progress = vi.fn();
    const refetchStatus = vi.fn(async () => 'ACTIVE');
    const track = vi.fn();
    const onDone = vi.fn();
    const release = vi.fn();
    watchImport({
      connection: connection as unknown as PushConnection,
      onProgress: progress,
      refetchStatus,
      track,
      onDone,
      release,
    });
    connection.send('OK');
    connection.send({ not: 'a message' });
    connection.send(message('import started', '2026-01-01T10:00:00.000Z', 0));
    connection.send(message('import progress', '2026-01-01T10:00:02.000Z', 4));
    expect(progress).toHaveBeenCalledTimes(2);
    connection.send(message('import finished', '2026-01-01T10:00:04.000Z', 10));
    expect(track).toHaveBeenCalledWith(IMPORT_FINISHED_EVENT);
    expect(IMPORT_FINISHED_EVENT.startsWith('PhotoManagement')).toBe(true);

    await vi.advanceTimersByTimeAsync(ACTIVATION_REFETCH_DELAY_MS - 1);
    expect(refetchStatus).not.toHaveBeenCalled();
    expect(connection.listeners.size).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refetchStatus).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(connection.listeners.size).toBe(0);
    expect(release).toHaveBeenCalledTimes(1);
    expect(ACTIVATION_REFETCH_DELAY_MS).toBe(10_000);
  });

  it('an older "finished" arriving after a newer message changes nothing', () => {
    const connection = new FakeConnection();
    const track = vi.fn();
    watchImport({
      connection: connection as unknown as PushConnection,
      onProgress: () => {},
      refetchStatus: async () => null,
      track,
      onDone: () => {},
      release: () => {},
    });
    connection.send(message('import progress', '2026-01-01T10:00:05.000Z', 5));
    connection.send(message('import finished', '2026-01-01T10:00:01.000Z', 10));
    expect(track).not.toHaveBeenCalled();
  });

  it('stopping (leaving the page) unsubscribes and cancels the pending refetch', async () => {
    const connection = new FakeConnection();
    const refetchStatus = vi.fn(async () => null);
    const stop = watchImport({
      connection: connection as unknown as PushConnection,
      onProgress: () => {},
      refetchStatus,
      track: () => {},
      onDone: () => {},
      release: () => {},
    });
    connection.send(message('import finished', '2026-01-01T10:00:01.000Z', 10));
    stop();
    await vi.advanceTimersByTimeAsync(ACTIVATION_REFETCH_DELAY_MS);
    expect(refetchStatus).not.toHaveBeenCalled();
    expect(connection.listeners.size).toBe(0);
  });
});
