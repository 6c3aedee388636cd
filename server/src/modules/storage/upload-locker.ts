import { ERRORS, MemoryLocker } from '@tus/server';
import type { Lock, Locker, RequestRelease } from '@tus/server';
import type { Redis } from 'ioredis';
import pg from 'pg';
import type { InstanceBus } from '../../push/instance-bus.ts';

/** How long a request waits for an upload another request holds, then fails (tus's default). */
const ACQUIRE_TIMEOUT_MS = 30_000;
const RETRY_MS = 50;

/** The cross-instance half of an upload lock: at most one instance holds an id at a time. */
export interface SharedLockStore {
  tryAcquire(id: string): Promise<boolean>;
  release(id: string): Promise<void>;
  close(): Promise<void>;
}

export interface LogSink {
  warn(object: object, message: string): void;
}

/**
 * PostgreSQL advisory locks on one dedicated connection: an advisory lock belongs to the
 * session that took it, so a pooled connection would hand it to whoever came next. A lost
 * connection releases every lock it held (an instance that dies leaves no lock behind); the next
 * call connects again.
 */
export class PostgresLockStore implements SharedLockStore {
  private client: Promise<pg.Client> | undefined;

  constructor(
    private readonly url: string,
    private readonly log: LogSink,
  ) {}

  private connection(): Promise<pg.Client> {
    if (!this.client) {
      const client = new pg.Client({ connectionString: this.url });
      const forget = () => {
        if (this.client === connecting) this.client = undefined;
      };
      client.on('error', (error) => {
        this.log.warn({ err: error }, 'upload locks: connection lost');
        forget();
      });
      client.on('end', forget);
      const connecting = client.connect().then(
        () => client,
        (error: unknown) => {
          forget();
          throw error;
        },
      );
      this.client = connecting;
    }
    return this.client;
  }

  async tryAcquire(id: string): Promise<boolean> {
    const client = await this.connection();
    const { rows } = await client.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_lock(hashtextextended('tus:' || $1, 0)) AS locked",
      [id],
    );
    return rows[0]?.locked === true;
  }

  async release(id: string): Promise<void> {
    const client = await this.connection();
    await client.query("SELECT pg_advisory_unlock(hashtextextended('tus:' || $1, 0))", [id]);
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.then((connected) => connected.end()).catch(() => {});
  }
}

/**
 * Redis keys with an owner and an expiry, renewed while held: an instance that dies loses its
 * locks when they expire; a release deletes the key only while this instance still owns it.
 */
export class RedisLockStore implements SharedLockStore {
  private readonly renewals = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly redis: Redis,
    private readonly owner: string,
    private readonly ttlMs = 30_000,
  ) {}

  private key(id: string): string {
    return `tus-lock:${id}`;
  }

  async tryAcquire(id: string): Promise<boolean> {
    const key = this.key(id);
    const set = await this.redis.set(key, this.owner, 'PX', this.ttlMs, 'NX');
    if (set !== 'OK') return false;
    const renewal = setInterval(() => {
      this.redis.pexpire(key, this.ttlMs).catch(() => {});
    }, this.ttlMs / 3);
    renewal.unref();
    this.renewals.set(id, renewal);
    return true;
  }

  async release(id: string): Promise<void> {
    clearInterval(this.renewals.get(id));
    this.renewals.delete(id);
    await this.redis.eval(
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
      1,
      this.key(id),
      this.owner,
    );
  }

  async close(): Promise<void> {
    for (const renewal of this.renewals.values()) clearInterval(renewal);
    this.renewals.clear();
  }
}

/**
 * tus's lock on an upload (one request at a time may touch it), across instances: requests on
 * this instance queue through tus's own MemoryLocker, and its holder then takes the shared lock.
 * A request that finds the upload held elsewhere asks the holder, over the instance bus, to let
 * go (tus's "request release": the stalled PATCH of a client that has since resumed is ended),
 * and tries again until the lock is free or `ACQUIRE_TIMEOUT_MS` has passed.
 */
export class SharedUploadLocker implements Locker {
  private readonly local: MemoryLocker;
  /** Uploads this instance holds, and how to ask their request to let go. */
  readonly held = new Map<string, RequestRelease>();
  private readonly unsubscribe: () => void;

  constructor(
    readonly store: SharedLockStore,
    private readonly bus: InstanceBus,
    readonly acquireTimeoutMs = ACQUIRE_TIMEOUT_MS,
  ) {
    this.local = new MemoryLocker({ acquireLockTimeout: acquireTimeoutMs });
    this.unsubscribe = bus.subscribe((message) => {
      if (message.kind !== 'release-upload') return;
      void this.held.get(message.uploadId)?.();
    });
  }

  newLock(id: string): Lock {
    return new SharedUploadLock(id, this, this.local.newLock(id), this.bus);
  }

  async close(): Promise<void> {
    this.unsubscribe();
    await this.store.close();
  }
}

class SharedUploadLock implements Lock {
  constructor(
    private readonly id: string,
    private readonly locker: SharedUploadLocker,
    private readonly local: Lock,
    private readonly bus: InstanceBus,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const started = Date.now();
    await this.local.lock(signal, requestRelease);
    try {
      let asked = false;
      while (!(await this.locker.store.tryAcquire(this.id))) {
        if (signal.aborted || Date.now() - started >= this.locker.acquireTimeoutMs)
          throw ERRORS.ERR_LOCK_TIMEOUT;
        if (!asked) {
          this.bus.send({ kind: 'release-upload', uploadId: this.id });
          asked = true;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    } catch (error) {
      await this.local.unlock();
      throw error;
    }
    this.locker.held.set(this.id, requestRelease);
  }

  async unlock(): Promise<void> {
    this.locker.held.delete(this.id);
    try {
      await this.locker.store.release(this.id);
    } finally {
      await this.local.unlock();
    }
  }
}

/**
 * The upload locker for this installation: Redis when REDIS_URL is set, PostgreSQL advisory
 * locks when DATABASE_URL is, else tus's in-process MemoryLocker (one process, SQLite).
 */
export function uploadLockerFor(
  deps: {
    bus: InstanceBus;
    redis: Redis | undefined;
    config: { database: { url: string | undefined } };
  },
  log: LogSink,
): Locker & { close?: () => Promise<void> } {
  if (deps.redis)
    return new SharedUploadLocker(new RedisLockStore(deps.redis, deps.bus.instanceId), deps.bus);
  if (deps.config.database.url)
    return new SharedUploadLocker(new PostgresLockStore(deps.config.database.url, log), deps.bus);
  return new MemoryLocker();
}
