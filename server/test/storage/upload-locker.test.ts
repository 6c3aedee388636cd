import { ERRORS, MemoryLocker } from '@tus/server';
import type { Lock } from '@tus/server';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PostgresLockStore,
  RedisLockStore,
  SharedUploadLocker,
  uploadLockerFor,
} from '../../src/modules/storage/upload-locker.ts';
import { InProcessBus, PostgresBus, RedisBus } from '../../src/push/instance-bus.ts';
import type { InstanceBus } from '../../src/push/instance-bus.ts';
import { freshPostgresDatabase, postgresAdminUrl, startRedis } from '../push/shared-services.ts';

const adminUrl = postgresAdminUrl();
const quiet = { warn: () => {}, error: () => {} };
const never = new AbortController().signal;

describe('uploadLockerFor', () => {
  it('is tus’s in-process locker on one process and a shared one with PostgreSQL or Redis', () => {
    const bus = new InProcessBus(quiet);
    const none = { bus, redis: undefined, config: { database: { url: undefined } } };
    expect(uploadLockerFor(none, quiet)).toBeInstanceOf(MemoryLocker);
    const postgres = uploadLockerFor(
      { ...none, config: { database: { url: 'postgres://127.0.0.1:1/none' } } },
      quiet,
    );
    expect((postgres as SharedUploadLocker).store).toBeInstanceOf(PostgresLockStore);
    const redis = new Redis({ lazyConnect: true });
    const withRedis = uploadLockerFor({ ...none, redis }, quiet);
    expect((withRedis as SharedUploadLocker).store).toBeInstanceOf(RedisLockStore);
    redis.disconnect();
  });
});

describe.skipIf(!adminUrl).each(['postgres', 'redis'] as const)(
  'upload locks across two instances (%s)',
  (kind) => {
    const cleanups: Array<() => Promise<void>> = [];
    let a: SharedUploadLocker;
    let b: SharedUploadLocker;
    let databaseUrl: string;

    beforeAll(async () => {
      const database = await freshPostgresDatabase(adminUrl!);
      cleanups.push(database.drop);
      databaseUrl = database.url;
      const instance = async (): Promise<SharedUploadLocker> => {
        let bus: InstanceBus;
        let locker: SharedUploadLocker;
        if (kind === 'postgres') {
          bus = await PostgresBus.open(database.url, quiet);
          locker = new SharedUploadLocker(new PostgresLockStore(database.url, quiet), bus, 1000);
        } else {
          const redisUrl = process.env.PUSH_TEST_REDIS_URL!;
          bus = await RedisBus.open(redisUrl, quiet);
          const redis = new Redis(redisUrl);
          locker = new SharedUploadLocker(new RedisLockStore(redis, bus.instanceId), bus, 1000);
          cleanups.push(async () => redis.disconnect());
        }
        cleanups.push(async () => {
          await locker.close();
          await bus.close();
        });
        return locker;
      };
      if (kind === 'redis') {
        const redis = await startRedis();
        cleanups.push(redis.stop);
        process.env.PUSH_TEST_REDIS_URL = redis.url;
      }
      a = await instance();
      b = await instance();
    }, 60_000);
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('lets one instance hold an upload; the other asks it to let go, then takes it', async () => {
      const events: string[] = [];
      const onA: Lock = a.newLock('upload-1');
      await onA.lock(never, async () => {
        // tus ends the holding request, which unlocks.
        events.push('A asked to let go');
        await onA.unlock();
      });
      const onB = b.newLock('upload-1');
      await onB.lock(never, () => {});
      events.push('B holds it');
      expect(events).toEqual(['A asked to let go', 'B holds it']);

      // A holder that does not let go keeps it: the other instance gives up after its timeout.
      const again = a.newLock('upload-1');
      await expect(again.lock(never, () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
      // Another upload is not held up.
      const other = a.newLock('upload-2');
      await other.lock(never, () => {});
      await other.unlock();
      await onB.unlock();
      const afterRelease = a.newLock('upload-1');
      await afterRelease.lock(never, () => {});
      await afterRelease.unlock();
    });

    it.runIf(kind === 'postgres')(
      'frees the uploads of an instance whose connection is gone',
      async () => {
        const lost = new SharedUploadLocker(
          new PostgresLockStore(databaseUrl, quiet),
          new InProcessBus(quiet),
          1000,
        );
        const held = lost.newLock('upload-3');
        await held.lock(never, () => {});
        await expect(b.newLock('upload-3').lock(never, () => {})).rejects.toBe(
          ERRORS.ERR_LOCK_TIMEOUT,
        );
        await lost.close(); // the process died: its session, and its advisory locks, end
        const taken = b.newLock('upload-3');
        await taken.lock(never, () => {});
        await taken.unlock();
      },
    );
  },
);
