import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { PgBossJobQueue } from '../../src/jobs/pg-boss-job-queue.ts';
import { freshDatabase, postgresUrl, startQueue } from './postgres.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function database(): Promise<string> {
  const db = await freshDatabase();
  cleanups.push(db.drop);
  return db.url;
}

async function queue(
  url: string,
  ...rest: Parameters<typeof startQueue> extends [string, ...infer R] ? R : never
): Promise<PgBossJobQueue> {
  const started = await startQueue(url, ...rest);
  cleanups.push(() => started.stop({ graceful: false }));
  return started;
}

function until<T>(check: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const poll = () => {
      const value = check();
      if (value !== undefined) return resolve(value);
      if (Date.now() > deadline) return reject(new Error('timed out'));
      setTimeout(poll, 50);
    };
    poll();
  });
}

describe.skipIf(!postgresUrl)('PgBossJobQueue (PostgreSQL)', () => {
  it('finishes on instance B a job whose instance A was killed mid-way', async () => {
    const url = await database();
    // Instance B is up before A dies: it takes the job once pg-boss gives up on A.
    const b = await queue(url);
    const onB: { id: string; attempt: number }[] = [];
    await b.define(
      'crash-test',
      async (data, job) => {
        expect(data).toEqual({ from: 'A' });
        onB.push(job);
      },
      { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 2 },
    );

    const a = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./worker-process.ts', import.meta.url))],
      {
        env: { ...process.env, TEST_JOB_URL: url },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    cleanups.push(async () => a.exitCode === null && a.kill('SIGKILL'));
    const lines = createInterface({ input: a.stdout! });
    let started: string | undefined;
    lines.on('line', (line) => {
      if (line.startsWith('STARTED ')) started ??= line;
    });
    const [, idOnA, attemptOnA] = (await until(() => started, 20_000)).split(' ');
    expect(attemptOnA).toBe('1');
    // B may not have it yet: A holds it.
    expect(onB).toEqual([]);
    a.kill('SIGKILL');
    await once(a, 'exit');

    const done = await until(() => onB[0], 15_000);
    expect(done).toEqual({ id: idOnA, attempt: 2 });
    // Marked completed once B's handler returned.
    const deadline = Date.now() + 5000;
    let state = (await b.raw.getJobById('crash-test', idOnA!))?.state;
    while (state !== 'completed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await b.raw.getJobById('crash-test', idOnA!))?.state;
    }
    expect(state).toBe('completed');
  });

  it('retries a failing job with back-off, on whichever instance is free', async () => {
    const url = await database();
    const [a, b] = [await queue(url), await queue(url)];
    const attempts: { on: string; attempt: number; at: number }[] = [];
    for (const [name, instance] of [
      ['a', a],
      ['b', b],
    ] as const)
      await instance.define(
        'flaky',
        async (_data, job) => {
          attempts.push({ on: name, attempt: job.attempt, at: Date.now() });
          if (job.attempt < 3) throw new Error('SMTP says no');
        },
        { retryLimit: 3, retryDelaySeconds: 1 },
      );
    await a.send('flaky', { to: 'x@example.com' });
    await until(() => (attempts.length >= 3 ? true : undefined), 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(attempts.map((x) => x.attempt)).toEqual([1, 2, 3]);
    // Back-off: pg-boss waits between 1 and 2 × retryDelay × 2^(retry − 1), plus its polling.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1900);
  });

  it('runs a scheduled job once per interval across two instances', async () => {
    const url = await database();
    const runs: string[] = [];
    const instances = [await queue(url), await queue(url)];
    for (const [i, instance] of instances.entries()) {
      await instance.define('cleanup', async () => void runs.push(`instance ${i}`));
      await instance.schedule('cleanup', 2);
    }
    // Both tick every second; one job per 2-second slot gets in.
    await new Promise((resolve) => setTimeout(resolve, 5200));
    const jobs = await instances[0]!.raw
      .getDb()
      .executeSql(
        `SELECT singleton_on, count(*)::int AS n FROM pgboss.job WHERE name = 'cleanup' GROUP BY singleton_on`,
        [],
      );
    expect(jobs.rows.length).toBeGreaterThanOrEqual(2);
    expect(jobs.rows.length).toBeLessThanOrEqual(4);
    expect(jobs.rows.every((row: { n: number }) => row.n === 1)).toBe(true);
    await until(() => (runs.length >= jobs.rows.length ? true : undefined), 5000);
    expect(runs.length).toBe(jobs.rows.length);
  });

  it('keeps one waiting job per singletonKey', async () => {
    const url = await database();
    const a = await queue(url);
    await a.define('keyed', async () => undefined, { singletons: true });
    await a.stop();
    const b = await queue(url);
    // No worker on b: the jobs wait.
    expect(await b.send('keyed', {}, { singletonKey: 'u1' })).not.toBeNull();
    expect(await b.send('keyed', {}, { singletonKey: 'u1' })).toBeNull();
    expect(await b.send('keyed', {}, { singletonKey: 'u2' })).not.toBeNull();
  });
});

describe.skipIf(!postgresUrl)('PgBossJobQueue stopping (PostgreSQL)', () => {
  it("records a handler's failure before a graceful stop closes the pool, even with every connection busy", async () => {
    const url = await database();
    // A long expiry: the job must come back because its failure was recorded, not because
    // pg-boss gave up on it.
    const a = await queue(url, { poolSize: 1, expireSeconds: 300 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started: string | undefined;
    await a.define(
      'held',
      async (_data, job) => {
        started = job.id;
        await gate;
        throw new Error('stopping: left for another instance');
      },
      { retryDelaySeconds: 1, concurrency: 2 },
    );
    const id = await a.send('held', {});
    await until(() => started, 10_000);

    // The pool's one connection is made to wait (the idle worker's next fetch, behind a table
    // lock), so the failure's write queues for it, as on a loaded instance.
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    cleanups.push(() => locker.end());
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE pgboss.job IN ACCESS EXCLUSIVE MODE');
    const waiting = async () =>
      (
        await locker.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE application_name = 'photo-jobs' AND wait_event_type = 'Lock'`,
        )
      ).rows[0].n as number;
    const deadline = Date.now() + 10_000;
    while ((await waiting()) === 0) {
      if (Date.now() > deadline) throw new Error('no fetch waited for the lock');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    release();
    const stopping = a.stop();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await locker.query('COMMIT');
    await stopping;

    const b = await queue(url, { expireSeconds: 300 });
    expect((await b.raw.getJobById('held', id!))?.state).toBe('retry');
    const onB: number[] = [];
    await b.define('held', async (_data, job) => void onB.push(job.attempt), {
      retryDelaySeconds: 1,
    });
    expect(await until(() => onB[0], 10_000)).toBe(2);
  });
});
