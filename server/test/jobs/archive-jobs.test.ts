import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessJobQueue } from '../../src/jobs/in-process-job-queue.ts';
import type { JobQueue } from '../../src/jobs/job-queue.ts';
import { ARCHIVE_JOB, ArchiveService } from '../../src/modules/photo-management/archive-service.ts';
import { photoContextFor } from '../../src/modules/photo-management/photo-context.ts';
import { readablePhotoFiles } from '../../src/modules/photo-management/photos-repository.ts';
import type { PhotoFile } from '../../src/modules/photo-management/photos-repository.ts';
import { demoUserId } from '../../src/seed/users.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { openPushSocket } from '../../src/testing/push-socket.ts';
import { zipEntries } from '../../src/testing/zip-entries.ts';
import { freshDatabase, postgresUrl, startQueue } from './postgres.ts';

let server: TestServer;
let token: string;
let userId: string;
let photos: PhotoFile[];
let dir: string;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  const session = await signIn(server.origin, 'demo@example.com', 'demo1234');
  token = session.accessToken;
  userId = demoUserId('demo');
  const ctx = await photoContextFor(server.app.deps);
  const some = await ctx.db
    .selectFrom('photos')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id')
    .limit(3)
    .execute();
  photos = await readablePhotoFiles(
    ctx.db,
    userId,
    some.map((photo) => photo.id),
  );
  expect(photos).toHaveLength(3);
  dir = path.join(server.dataDir, 'archives');
}, 240_000);

afterAll(async () => {
  await server?.close();
}, 120_000);

async function filesOf(downloadId: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.startsWith(downloadId)).sort();
}

async function until<T>(check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function row(downloadId: string) {
  return server.app.deps.db
    .selectFrom('downloads')
    .select(['status', 'worker', 'attempts'])
    .where('id', '=', downloadId)
    .executeTakeFirstOrThrow();
}

/** An archive service as one instance of a cluster: its own queue, the shared database and folder. */
async function instance(name: string, jobs: JobQueue, entryDelayMs = 0): Promise<ArchiveService> {
  const ctx = await photoContextFor(server.app.deps);
  const service = new ArchiveService({
    db: ctx.db,
    store: ctx.store,
    push: server.app.deps.push,
    jobs,
    dir,
    ttlSeconds: 3600,
    instanceId: name,
    entryDelayMs,
    retryDelaySeconds: 1,
  });
  await service.start();
  return service;
}

describe('archive jobs', () => {
  it('a second delivery of a finished archive job writes nothing and reports it finished', async () => {
    const socket = await openPushSocket(server.origin, token);
    const jobs = new InProcessJobQueue();
    try {
      const service = await instance('only', jobs);
      const download = await service.create(userId, 'twice', photos);
      await socket.waitFor(
        (m) => m.key === 'archive generation finished' && m.message.downloadId === download.id,
      );
      const zip = path.join(dir, `${download.id}.zip`);
      const before = await stat(zip);
      // At-least-once: the same job again (its first ack was lost).
      await jobs.send(ARCHIVE_JOB, { downloadId: download.id, userId, photos });
      await until(
        async () =>
          socket.messages.filter(
            (m) => m.key === 'archive generation finished' && m.message.downloadId === download.id,
          ).length === 2 || undefined,
        10_000,
      );
      expect((await stat(zip)).mtimeMs).toBe(before.mtimeMs);
      expect(await filesOf(download.id)).toEqual([`${download.id}.zip`]);
      expect(await row(download.id)).toEqual({ status: 'ready', worker: null, attempts: 1 });
    } finally {
      socket.close();
      await jobs.stop();
    }
  });

  describe.skipIf(!postgresUrl)('on the PostgreSQL job queue', () => {
    it('an archive whose instance stopped mid-way is finished by another: one zip, no temporary file', async () => {
      const database = await freshDatabase();
      const socket = await openPushSocket(server.origin, token);
      const a = await startQueue(database.url);
      const b = await startQueue(database.url);
      try {
        // A writes slowly (1.5 s after each entry) so it is caught mid-way.
        const onA = await instance('instance-a', a, 1500);
        const download = await onA.create(userId, 'survives', photos);
        await until(
          async () =>
            (await row(download.id)).worker === 'instance-a' &&
            (await filesOf(download.id)).some((name) => name.endsWith('.part'))
              ? true
              : undefined,
          15_000,
        );
        // What a killed attempt leaves behind: the retry must remove it.
        await writeFile(path.join(dir, `${download.id}.killed-attempt.part`), 'half a zip');
        // B only starts working now, so the job cannot have gone to it first.
        await instance('instance-b', b);
        // A's queue goes without finishing its job (pg-boss hands it back for a retry); A's
        // attempt itself runs on, as an instance that lost its database would.
        await a.stop({ graceful: false });
        await socket.waitFor(
          (m) => m.key === 'archive generation finished' && m.message.downloadId === download.id,
          20_000,
        );
        expect(await row(download.id)).toEqual({ status: 'ready', worker: null, attempts: 2 });
        // A's late attempt ends too (its temporary file was removed under it) and changes nothing.
        await new Promise((resolve) => setTimeout(resolve, 4000));
        expect(await filesOf(download.id)).toEqual([`${download.id}.zip`]);
        const zip = await readFile(path.join(dir, `${download.id}.zip`));
        expect(zipEntries(zip)).toHaveLength(3);
        expect(await row(download.id)).toEqual({ status: 'ready', worker: null, attempts: 2 });
        const keys = socket.messages
          .filter((m) => m.message?.downloadId === download.id)
          .map((m) => m.key);
        expect(keys).toEqual(['archive generation started', 'archive generation finished']);
      } finally {
        socket.close();
        await a.stop({ graceful: false });
        await b.stop({ graceful: false });
        await database.drop();
      }
    }, 60_000);
  });
});
