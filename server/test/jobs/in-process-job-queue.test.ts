// Database-independent: nothing here can go differently on PostgreSQL, so the file runs in the
// vitest project `server` only, not again in `server-pg` (vitest.config.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessJobQueue } from '../../src/jobs/in-process-job-queue.ts';

const queues: InProcessJobQueue[] = [];
function queue(): InProcessJobQueue {
  const created = new InProcessJobQueue();
  queues.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.stop()));
});

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('InProcessJobQueue', () => {
  it('retries a failing job with a doubling pause until it succeeds', async () => {
    const jobs = queue();
    const attempts: { attempt: number; at: number }[] = [];
    const done = deferred();
    await jobs.define<{ n: number }>(
      'flaky',
      async (data, job) => {
        expect(data).toEqual({ n: 7 });
        attempts.push({ attempt: job.attempt, at: Date.now() });
        if (job.attempt < 3) throw new Error(`attempt ${job.attempt} fails`);
        done.resolve();
      },
      { retryLimit: 3, retryDelaySeconds: 0.2 },
    );
    const id = await jobs.send('flaky', { n: 7 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await done.promise;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    // 0.2 s before the first retry, 0.4 s before the second.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(180);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(380);
  });

  it('gives up after retryLimit retries', async () => {
    const jobs = queue();
    let runs = 0;
    await jobs.define(
      'hopeless',
      async () => {
        runs += 1;
        throw new Error('never works');
      },
      { retryLimit: 1, retryDelaySeconds: 0.05 },
    );
    await jobs.send('hopeless', {});
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(runs).toBe(2);
    expect(jobs.size).toBe(0);
  });

  it('keeps one waiting job per singletonKey, runs `concurrency` at once', async () => {
    const jobs = queue();
    const release = deferred();
    let running = 0;
    let most = 0;
    const seen: string[] = [];
    await jobs.define<{ key: string }>(
      'keyed',
      async ({ key }) => {
        running += 1;
        most = Math.max(most, running);
        seen.push(key);
        await release.promise;
        running -= 1;
      },
      { concurrency: 2 },
    );
    // x and y take both slots; then 'a' waits, and a second 'a' is not queued beside it.
    expect(await jobs.send('keyed', { key: 'x' }, { singletonKey: 'x' })).not.toBeNull();
    expect(await jobs.send('keyed', { key: 'y' }, { singletonKey: 'y' })).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await jobs.send('keyed', { key: 'a' }, { singletonKey: 'a' })).not.toBeNull();
    expect(await jobs.send('keyed', { key: 'a' }, { singletonKey: 'a' })).toBeNull();
    expect(await jobs.send('keyed', { key: 'b' }, { singletonKey: 'b' })).not.toBeNull();
    // y runs already, so another y may wait.
    expect(await jobs.send('keyed', { key: 'y' }, { singletonKey: 'y' })).not.toBeNull();
    release.resolve();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await jobs.stop();
    expect(most).toBe(2);
    expect(seen.sort()).toEqual(['a', 'b', 'x', 'y', 'y']);
  });

  it('runs a scheduled job at once and then every interval, and not after stop', async () => {
    const jobs = queue();
    let runs = 0;
    await jobs.define('tick', async () => void (runs += 1));
    await jobs.schedule('tick', 0.1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await jobs.stop();
    expect(runs).toBeGreaterThanOrEqual(3);
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(runs).toBe(after);
  });

  it('refuses a job nobody defined', async () => {
    await expect(queue().send('nobody', {})).rejects.toThrow(/not defined/);
  });
});
