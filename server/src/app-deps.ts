import type { Redis } from 'ioredis';
import type { AccessTokenVerifier } from './auth/access-token-verifier.ts';
import type { ServerConfig } from './config/server-config.ts';
import type { Db } from './db/database.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { MailService } from './mail/mail-service.ts';
import type { InstanceBus } from './push/instance-bus.ts';
import type { PushHub } from './push/push-hub.ts';

/** Where a module keeps its files, all below DATA_DIR (docs/conventions.md "Environment"). */
export interface DataPaths {
  dataDir: string;
  /** SQLite file. */
  database: string;
  /** Photo originals and thumbnails. */
  storage: string;
  /** Generated download archives. */
  archives: string;
}

/**
 * What every API module receives (`registerApiModules(app, deps)`, `seedDemoData(deps)`):
 * built once in `buildApp`, so modules never open their own database or sockets.
 */
export interface AppDeps {
  db: Db;
  config: ServerConfig;
  paths: DataPaths;
  /**
   * Push websocket: `push.publish(userId, message)` reaches that user's sockets only, on every
   * instance.
   */
  push: PushHub;
  /**
   * Messages to the other instances (in-process, PostgreSQL LISTEN/NOTIFY or Redis pub/sub):
   * the push hub's fan-out, and the upload locks' release requests.
   */
  bus: InstanceBus;
  /** The Redis connection when REDIS_URL is set (shared rate-limit counters, upload locks). */
  redis: Redis | undefined;
  /** Bearer token checks outside `app.authenticate` (e.g. a signed download URL's owner). */
  tokens: AccessTokenVerifier;
  /** Outgoing mail: `mail.send({ to, subject, text, html })`; `renderMail` builds the parts. */
  mail: MailService;
  /**
   * Background work (server/src/jobs/): in this process on SQLite, pg-boss on PostgreSQL, so a
   * job outlives the instance that queued it. Modules define their jobs at start.
   */
  jobs: JobQueue;
}
