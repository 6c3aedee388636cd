import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Revocation } from '../auth/access-token-verifier.ts';

/**
 * What one server instance tells the others: a push message for a user's sockets, a revoked
 * session whose sockets and cached token checks must go, an upload whose lock another
 * instance wants (the tus locker).
 */
export type BusMessage =
  | { kind: 'publish'; userId: string; text: string }
  | { kind: 'revoke'; revocation: Revocation }
  | { kind: 'release-upload'; uploadId: string };

interface Envelope {
  /** The sending instance: it has acted on the message itself and ignores its echo. */
  from: string;
  message: BusMessage;
}

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; Redis has no such limit, but
 * every bus keeps the same one so a message too big for production fails on a laptop too.
 */
export const MAX_BUS_PAYLOAD_BYTES = 7999;

export class BusMessageTooLargeError extends Error {
  constructor(bytes: number) {
    super(
      `A message of ${bytes} bytes cannot cross instances (at most ${MAX_BUS_PAYLOAD_BYTES}); ` +
        'send an id and let the client fetch the rest',
    );
    this.name = 'BusMessageTooLargeError';
  }
}

export interface BusLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Messages between the instances of one installation (docs/architecture.md, "Push"). A message
 * sent on one instance reaches every other instance once; the sender has already acted on it
 * and does not get it back. After a lost connection the bus cannot know what it missed, so it
 * tells its subscribers through {@link onReconnect}, and they check again what they hold.
 */
export interface InstanceBus {
  readonly kind: 'in-process' | 'postgres' | 'redis';
  readonly instanceId: string;
  /** Throws {@link BusMessageTooLargeError} at once; delivery failures are logged. */
  send(message: BusMessage): void;
  subscribe(handler: (message: BusMessage) => void): () => void;
  onReconnect(handler: () => void): () => void;
  close(): Promise<void>;
}

abstract class BaseBus implements InstanceBus {
  abstract readonly kind: InstanceBus['kind'];
  readonly instanceId = randomUUID();
  protected readonly handlers = new Set<(message: BusMessage) => void>();
  protected readonly reconnectHandlers = new Set<() => void>();

  constructor(protected readonly log: BusLog) {}

  send(message: BusMessage): void {
    const payload = JSON.stringify({ from: this.instanceId, message } satisfies Envelope);
    const bytes = Buffer.byteLength(payload);
    if (bytes > MAX_BUS_PAYLOAD_BYTES) throw new BusMessageTooLargeError(bytes);
    this.transmit(payload);
  }

  subscribe(handler: (message: BusMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }

  protected abstract transmit(payload: string): void;
  abstract close(): Promise<void>;

  /** Hands a received payload to the subscribers, unless this instance sent it. */
  protected receive(payload: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      this.log.warn({ payload: payload.slice(0, 200) }, 'instance bus: unreadable message');
      return;
    }
    if (envelope.from === this.instanceId || !envelope.message) return;
    for (const handler of this.handlers) {
      try {
        handler(envelope.message);
      } catch (error) {
        this.log.error({ err: error }, 'instance bus: a subscriber failed');
      }
    }
  }

  protected reconnected(): void {
    for (const handler of this.reconnectHandlers) {
      try {
        handler();
      } catch (error) {
        this.log.error({ err: error }, 'instance bus: a reconnect handler failed');
      }
    }
  }
}

/** One process, nobody else to tell: sending costs the size check only (SQLite, `npm start`). */
export class InProcessBus extends BaseBus {
  readonly kind = 'in-process';
  protected transmit(): void {}
  async close(): Promise<void> {}
}

const CHANNEL = 'photo_instance_bus';
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5_000;

/**
 * PostgreSQL LISTEN/NOTIFY: one dedicated connection listens (a pooled one could be handed to
 * someone else mid-LISTEN), and reconnects with back-off when it drops; sends go through a
 * one-connection pool so they keep their order.
 */
export class PostgresBus extends BaseBus {
  readonly kind = 'postgres';
  private listener: pg.Client | undefined;
  private readonly sender: pg.Pool;
  private closed = false;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly url: string,
    log: BusLog,
  ) {
    super(log);
    this.sender = new pg.Pool({ connectionString: url, max: 1 });
    this.sender.on('error', (error) => this.log.warn({ err: error }, 'instance bus: send failed'));
  }

  /** Resolves once this instance listens: nothing sent after that is missed. */
  static async open(url: string, log: BusLog): Promise<PostgresBus> {
    const bus = new PostgresBus(url, log);
    try {
      await bus.listen();
    } catch (error) {
      await bus.close();
      throw error;
    }
    return bus;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (notification) => {
      if (notification.channel === CHANNEL && notification.payload)
        this.receive(notification.payload);
    });
    // 'error' comes before 'end' on a dropped connection; both lead to one reconnect.
    client.on('error', (error) => this.log.warn({ err: error }, 'instance bus: connection lost'));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  private lost(client: pg.Client): void {
    if (this.closed || this.listener !== client) return;
    this.listener = undefined;
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.listen().then(
        () => {
          this.retryMs = RECONNECT_MIN_MS;
          this.reconnected();
        },
        (error: unknown) => {
          this.log.warn({ err: error }, 'instance bus: reconnect failed');
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }

  /** Test seam: the listening connection's backend pid (to end it from outside). */
  get listenerPid(): number | undefined {
    return (this.listener as unknown as { processID?: number } | undefined)?.processID;
  }

  protected transmit(payload: string): void {
    this.sender
      .query('SELECT pg_notify($1, $2)', [CHANNEL, payload])
      .catch((error: unknown) => this.log.error({ err: error }, 'instance bus: NOTIFY failed'));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const listener = this.listener;
    this.listener = undefined;
    await Promise.allSettled([listener?.end(), this.sender.end()]);
  }
}

/**
 * Redis pub/sub: a subscribed connection can do nothing else, so one connection subscribes and
 * another publishes. ioredis reconnects both by itself (and subscribes again); a reconnect
 * after the first connect is reported to the subscribers.
 */
export class RedisBus extends BaseBus {
  readonly kind = 'redis';
  private readonly subscriber: Redis;
  private readonly publisher: Redis;

  private constructor(url: string, log: BusLog) {
    super(log);
    this.subscriber = new Redis(url, { lazyConnect: true });
    this.publisher = new Redis(url, { lazyConnect: true });
    for (const connection of [this.subscriber, this.publisher])
      connection.on('error', (error) => this.log.warn({ err: error }, 'instance bus: redis error'));
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel === CHANNEL) this.receive(payload);
    });
  }

  static async open(url: string, log: BusLog): Promise<RedisBus> {
    const bus = new RedisBus(url, log);
    try {
      await Promise.all([bus.subscriber.connect(), bus.publisher.connect()]);
      await bus.subscriber.subscribe(CHANNEL);
    } catch (error) {
      await bus.close();
      throw error;
    }
    bus.subscriber.on('ready', () => bus.reconnected());
    return bus;
  }

  protected transmit(payload: string): void {
    this.publisher
      .publish(CHANNEL, payload)
      .catch((error: unknown) => this.log.error({ err: error }, 'instance bus: PUBLISH failed'));
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}

/** Redis when REDIS_URL is set, else PostgreSQL when DATABASE_URL is, else in-process. */
export async function openInstanceBus(
  settings: { redisUrl: string | undefined; databaseUrl: string | undefined },
  log: BusLog,
): Promise<InstanceBus> {
  if (settings.redisUrl) return RedisBus.open(settings.redisUrl, log);
  if (settings.databaseUrl) return PostgresBus.open(settings.databaseUrl, log);
  return new InProcessBus(log);
}
