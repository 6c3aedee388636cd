import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config/server-config.ts';
import { InProcessJobQueue } from './in-process-job-queue.ts';
import type { JobQueue } from './job-queue.ts';
import { PgBossJobQueue } from './pg-boss-job-queue.ts';

/** pg-boss on DATABASE_URL's PostgreSQL when it is set, else the in-process queue. */
export async function openJobQueue(
  config: Pick<ServerConfig, 'database' | 'jobs'>,
  log?: FastifyBaseLogger,
): Promise<JobQueue> {
  const url = config.database.url;
  if (!url) return new InProcessJobQueue({ ...(log ? { log } : {}) });
  return PgBossJobQueue.start({
    url,
    expireSeconds: config.jobs.expireSeconds,
    maintenanceSeconds: config.jobs.maintenanceSeconds,
    ...(log ? { log } : {}),
  });
}
