import {
  closeSharedPushConnection,
  HealingPushConnection,
  openPushConnection,
  parsePushFrame,
  PUSH_RECONNECT_DELAYS_MS,
  resolvePushUrl,
  sharedPushConnection,
} from './push-connection';

class FakeSocket extends EventTarget {
  static instances: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  closedByClient = false;
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  receive(data: string) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

const archiveFinished = {
  id: 'm1',
  timestamp: '2024-01-01T10:00:00.000Z',
  key: 'archive generation finished',
  message: { userId: 'u1', downloadId: '0b5e3f5a-6f1e-4c9e-9a51-6f7a1d3c2b10' },
};

describe('push connection (docs/product.md#states, docs/product.md#apis, docs/product.md#limits)', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it.each([
    ['/push', 'http://localhost:8080', 'ws://localhost:8080/push'],
    ['/push', 'https://www.photobox.co.uk', 'wss://www.photobox.co.uk/push'],
    ['https://push.example.com/ws', 'http://localhost', 'wss://push.example.com/ws'],
    ['wss://push.example.com/ws', 'http://localhost', 'wss://push.example.com/ws'],
    ['http://localhost:8080/push', 'app://photo', 'ws://localhost:8080/push'],
  ])('resolves %s on %s to %s', (configured, origin, expected) => {
    expect(resolvePushUrl(configured, origin)).toBe(expected);
  });

  it('refuses a relative push URL on a page without an http(s) origin (the desktop renderer)', () => {
    expect(() => resolvePushUrl('/push', 'app://photo')).toThrow('does not resolve to ws(s)');
  });

  it.each([
    ['OK is not a message', 'OK', null],
    ['not JSON', '{nope', null],
    ['unknown shape', JSON.stringify({ hello: 1 }), null],
    ['archive message', JSON.stringify(archiveFinished), archiveFinished],
  ])('frame: %s', (_name, frame, expected) => {
    expect(parsePushFrame(frame)).toEqual(expected);
  });

  it('authenticates on open, becomes ready on OK, delivers parsed messages only, closes after 30 minutes', async () => {
    const connection = openPushConnection({
      url: 'ws://x/push',
      getToken: async () => 'token-1',
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    const socket = FakeSocket.instances[0]!;
    socket.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent).toEqual([JSON.stringify({ action: 'authenticate', token: 'token-1' })]);
    const received: unknown[] = [];
    connection.subscribe((message) => received.push(message));
    socket.receive('OK');
    await expect(connection.ready).resolves.toBeUndefined();
    socket.receive('garbage');
    socket.receive(JSON.stringify(archiveFinished));
    expect(received).toEqual([archiveFinished]);

    await vi.advanceTimersByTimeAsync(1_800_000 - 1);
    expect(connection.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(connection.closed).toBe(true);
    expect(socket.closedByClient).toBe(true);
  });

  it('is never ready when the server closes before OK', async () => {
    const connection = openPushConnection({
      url: 'ws://x/push',
      getToken: async () => 'token-1',
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    FakeSocket.instances[0]!.dispatchEvent(new Event('close'));
    await expect(connection.ready).rejects.toThrow('closed');
  });

  describe('the shared connection heals while work is pending', () => {
    const options = {
      url: 'ws://x/push',
      getToken: vi.fn(async () => 'token-1'),
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    };
    afterEach(() => closeSharedPushConnection());

    it('is one connection per app, shared by every caller', () => {
      expect(sharedPushConnection(options)).toBe(sharedPushConnection(options));
      expect(FakeSocket.instances).toHaveLength(1);
    });

    it('reconnects with back-off while someone listens, keeping the listeners', async () => {
      const connection = new HealingPushConnection(options);
      const received: unknown[] = [];
      connection.subscribe((message) => received.push(message));
      const first = FakeSocket.instances[0]!;
      first.open();
      first.receive('OK');
      await vi.advanceTimersByTimeAsync(0);

      // The network drops, twice in a row: 1 s then 2 s before the next tries.
      first.dispatchEvent(new Event('close'));
      expect(connection.closed).toBe(false);
      await vi.advanceTimersByTimeAsync(PUSH_RECONNECT_DELAYS_MS[0]! - 1);
      expect(FakeSocket.instances).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.instances).toHaveLength(2);
      FakeSocket.instances[1]!.dispatchEvent(new Event('close'));
      await vi.advanceTimersByTimeAsync(PUSH_RECONNECT_DELAYS_MS[1]! - 1);
      expect(FakeSocket.instances).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      const third = FakeSocket.instances[2]!;
      third.open();
      await vi.advanceTimersByTimeAsync(0);
      // A fresh token for the new socket.
      expect(third.sent).toEqual([JSON.stringify({ action: 'authenticate', token: 'token-1' })]);
      third.receive('OK');
      await expect(connection.ready).resolves.toBeUndefined();
      third.receive(JSON.stringify(archiveFinished));
      expect(received).toEqual([archiveFinished]);

      // Accepted again: the back-off starts over.
      third.dispatchEvent(new Event('close'));
      await vi.advanceTimersByTimeAsync(PUSH_RECONNECT_DELAYS_MS[0]!);
      expect(FakeSocket.instances).toHaveLength(4);
    });

    it('after its 30 minutes, closes for good when nobody listens and reopens when work waits', async () => {
      const idle = new HealingPushConnection(options);
      FakeSocket.instances[0]!.open();
      await vi.advanceTimersByTimeAsync(1_800_000);
      expect(idle.closed).toBe(true);
      expect(FakeSocket.instances).toHaveLength(1);

      const busy = new HealingPushConnection(options);
      busy.subscribe(() => {});
      FakeSocket.instances[1]!.open();
      await vi.advanceTimersByTimeAsync(1_800_000);
      expect(FakeSocket.instances[1]!.closedByClient).toBe(true);
      await vi.advanceTimersByTimeAsync(PUSH_RECONNECT_DELAYS_MS[0]!);
      expect(FakeSocket.instances).toHaveLength(3);
      expect(busy.closed).toBe(false);
    });

    it('stops trying once the last listener leaves, and a closed one is replaced on next use', async () => {
      const connection = sharedPushConnection(options);
      const unsubscribe = connection.subscribe(() => {});
      FakeSocket.instances[0]!.dispatchEvent(new Event('close'));
      unsubscribe();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(FakeSocket.instances).toHaveLength(1);
      expect(connection.closed).toBe(true);
      expect(sharedPushConnection(options)).not.toBe(connection);
      expect(FakeSocket.instances).toHaveLength(2);
    });
  });
});
