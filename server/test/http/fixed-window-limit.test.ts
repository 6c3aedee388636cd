import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { DatabaseWindowCounter, FixedWindowLimit } from '../../src/http/fixed-window-limit.ts';
import { REPORTS_PER_MINUTE } from '../../src/modules/reports/reports-routes.ts';
import { dropTestDatabase, testDatabaseEnv } from '../../src/testing/test-database.ts';
import { postgresAdminUrl, startRedis } from '../push/shared-services.ts';

/**
 * Two app instances on one database (SQLite in one data folder, or one PostgreSQL database in
 * the `server-pg` project), as two processes behind a balancer.
 */
async function twoInstances(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'photo-limit-'));
  const database = await testDatabaseEnv(dataDir);
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < 2; i += 1)
    apps.push(
      await buildApp({ dataDir, port: 8080, env: { ...process.env, ...database, ...env } }),
    );
  return {
    apps,
    close: async () => {
      for (const app of apps) await app.close();
      await dropTestDatabase(dataDir);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const report = (app: FastifyInstance, i: number) =>
  app.inject({
    method: 'POST',
    url: '/api/reports/errors',
    payload: { message: `flood ${i}`, action: 'test/flood' },
  });

/** Half the allowance on each instance, then one more on each: both refuse it. */
async function expectSharedCount([a, b]: FastifyInstance[]) {
  const statuses: number[] = [];
  for (let i = 0; i < REPORTS_PER_MINUTE; i += 1)
    statuses.push((await report(i % 2 === 0 ? a! : b!, i)).statusCode);
  expect(statuses.every((status) => status === 204)).toBe(true);
  expect((await report(a!, -1)).statusCode).toBe(429);
  expect((await report(b!, -2)).statusCode).toBe(429);
}

describe('rate limits shared by the instances', () => {
  it('counts the calls a client makes on either of two instances on one database together', async () => {
    const pair = await twoInstances();
    try {
      await expectSharedCount(pair.apps);
    } finally {
      await pair.close();
    }
  });

  it.skipIf(!postgresAdminUrl())('does the same through Redis when REDIS_URL is set', async () => {
    const redis = await startRedis();
    const pair = await twoInstances({ REDIS_URL: redis.url });
    try {
      await expectSharedCount(pair.apps);
    } finally {
      await pair.close();
      await redis.stop();
    }
  });
});

describe('DatabaseWindowCounter', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'photo-limit-db-'));
    db = await openDatabase({ file: join(dir, 'app.db') });
  });
  afterAll(async () => {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await db.deleteFrom('rate_limit_windows').execute();
  });

  it('starts a key’s window at its first call and a new one once it has ended', async () => {
    const limit = new FixedWindowLimit(new DatabaseWindowCounter(db), 'test', 2, 1000);
    await limit.take('k', 10_000);
    await limit.take('k', 10_500);
    await expect(limit.take('k', 10_999)).rejects.toMatchObject({ statusCode: 429 });
    // Another key and another limit's same key count apart.
    await limit.take('other', 10_999);
    await new FixedWindowLimit(new DatabaseWindowCounter(db), 'other', 2, 1000).take('k', 10_999);
    // 1 s after the window began, a new one.
    await limit.take('k', 11_000);
    await limit.take('k', 11_001);
    await expect(limit.take('k', 11_002)).rejects.toMatchObject({ statusCode: 429 });
  });

  it('forgets ended windows of its own keys only', async () => {
    const counter = new DatabaseWindowCounter(db);
    await counter.increment('a:old', 1_000, 1000);
    await counter.increment('a:new', 5_000, 1000);
    await counter.increment('b:old', 1_000, 1000);
    await counter.sweep('a:', 4_500);
    const keys = await db.selectFrom('rate_limit_windows').select('key').orderBy('key').execute();
    expect(keys.map((row) => row.key)).toEqual(['a:new', 'b:old']);
  });
});
