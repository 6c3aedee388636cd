import { openPushConnection, parsePushFrame, resolvePushUrl } from './push-connection';

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
  ])('resolves %s on %s to %s', (configured, origin, expected) => {
    expect(resolvePushUrl(configured, origin)).toBe(expected);
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
});
