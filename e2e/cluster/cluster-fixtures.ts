import { appendFileSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresAvailable, startCluster, type Cluster } from '../../scripts/cluster/cluster.ts';
import { nginxAvailable } from '../../scripts/cluster/nginx.ts';
import type { PushSocket } from '@photo/server/src/testing/push-socket.ts';
import { expect, test as base } from '../fixtures/test.ts';

/**
 * Why the cluster journey cannot run here, or undefined when it can: nginx and PostgreSQL are
 * installed, or we are root and the cluster module installs them (as `npm run start:cluster`).
 */
export const clusterUnavailable: string | undefined = !nginxAvailable()
  ? 'nginx is not installed and this is not root: run `apt-get install nginx` as root'
  : !postgresAvailable()
    ? 'PostgreSQL 15 is not installed and this is not root: run `apt-get install postgresql-15` as root'
    : undefined;

/** Every instance's settings in the journey: a test-sized pace for archives and lost jobs. */
export const CLUSTER_TEST_ENV = {
  LOG_LEVEL: 'warn',
  ACTIVATION_IMPORT_DELAY_MS: '0',
  // Slow enough (about 5 s for 100 photos) that a test sees the archive being written and kills
  // its instance well before it is done.
  ARCHIVE_ENTRY_DELAY_MS: '50',
  // A job whose instance died is handed to another after this long (well above the 5 s).
  JOB_EXPIRE_SECONDS: '12',
  JOB_MAINTENANCE_SECONDS: '1',
};

/** Waits until `socket` has received `key` for `downloadId`. */
export async function expectPush(
  socket: PushSocket,
  key: string,
  downloadId: string,
  timeout = 30_000,
): Promise<void> {
  await expect
    .poll(
      () => socket.messages.some((m) => m.key === key && m.message?.downloadId === downloadId),
      { message: `"${key}" for ${downloadId}`, timeout },
    )
    .toBe(true);
}

interface ClusterWorkerFixtures {
  /** PostgreSQL, two instances on one storage root and nginx (scripts/cluster/cluster.ts). */
  cluster: Cluster;
}

export const test = base.extend<object, ClusterWorkerFixtures>({
  cluster: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
    async ({}, use, workerInfo) => {
      const dir = await mkdtemp(join(tmpdir(), 'photo-cluster-'));
      // What the instances, nginx and PostgreSQL said, kept beside the run's results.
      mkdirSync(workerInfo.project.outputDir, { recursive: true });
      const log = join(workerInfo.project.outputDir, `cluster-${workerInfo.workerIndex}.log`);
      let cluster: Cluster | undefined;
      try {
        cluster = await startCluster({
          dir,
          env: CLUSTER_TEST_ENV,
          startTimeoutMs: 150_000,
          output: (source, line) => appendFileSync(log, `[${source}] ${line}\n`),
        });
        await use(cluster);
      } finally {
        await cluster?.stop();
        await rm(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

export { expect };
