import { startQueue } from './postgres.ts';

/**
 * Instance A of the crash test, in a process of its own so the test can kill it: queues a job
 * on TEST_JOB_URL's database, takes it, prints `STARTED <id> <attempt>` and never finishes.
 */
const url = process.env.TEST_JOB_URL;
if (!url) throw new Error('TEST_JOB_URL is required');
const queue = await startQueue(url);
await queue.define(
  'crash-test',
  async (_data, job) => {
    process.stdout.write(`STARTED ${job.id} ${job.attempt}\n`);
    await new Promise(() => undefined);
  },
  { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 2 },
);
await queue.send('crash-test', { from: 'A' });
