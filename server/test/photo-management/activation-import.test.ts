/* eslint-disable @typescript-eslint/no-explicit-any -- push messages are checked with the zod schema */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoPageSchema } from '@photo/core/api/schemas/photo';
import { IMPORT_TYPES, importPushMessageSchema } from '@photo/core/api/schemas/push';
import { InProcessJobQueue } from '../../src/jobs/in-process-job-queue.ts';
import { ActivationService } from '../../src/modules/photo-management/activation-service.ts';
import { photoContextFor } from '../../src/modules/photo-management/photo-context.ts';
import { renderDemoJpeg, prng } from '../../src/seed/photos-images.ts';
import { demoUserId } from '../../src/seed/users.ts';
import { ContentStore, sha256 } from '../../src/storage/content-store.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import { tusUpload } from '../storage/helpers.ts';
import type { Api } from './helpers.ts';
import { openPushSocket } from '../../src/testing/push-socket.ts';
import { apiClient } from './helpers.ts';

const DELAY_MS = 150;
let server: TestServer;
let business: Api;

beforeAll(async () => {
  server = await startTestServer({ env: { ACTIVATION_IMPORT_DELAY_MS: String(DELAY_MS) } });
  business = apiClient(
    server.origin,
    (await signIn(server.origin, 'business@example.com', 'demo1234')).accessToken,
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
}, 120_000);

/** Legacy photos waiting for the business user: originals in the store, rows to import. */
async function addLegacyPhotos(files: Array<{ bytes: Buffer; name: string }>): Promise<void> {
  const store = new ContentStore(server.app.deps.paths.storage);
  for (const { bytes } of files) await store.put(sha256(bytes), bytes, []);
  await server.app.deps.db
    .insertInto('legacy_photos')
    .values(
      files.map(({ bytes, name }, index) => ({
        id: randomUUID(),
        user_id: demoUserId('business'),
        local_file_name: name,
        content_hash: sha256(bytes),
        mime_type: 'image/jpeg',
        created: new Date(Date.UTC(2018, 6, 1 + index)).toISOString(),
      })),
    )
    .execute();
}

describe('activation: the legacy import through the push websocket', () => {
  it('fails on a broken legacy photo with an error message, then imports everything on a retry', async () => {
    const jpegs = await Promise.all(
      [1, 2, 3, 4].map((seed) => renderDemoJpeg(prng(seed), `2018-07-0${seed}T10:00:00.000Z`)),
    );
    // One legacy photo the user already has (uploaded before activation) and one stored twice:
    // neither becomes a second copy.
    const uploaded = await tusUpload(server.origin, business.token, jpegs[0]!, {
      filename: 'already.jpg',
    });
    expect(uploaded.body.status).toBe('created');
    const broken = Buffer.from('not an image at all');
    await addLegacyPhotos([
      { bytes: jpegs[0]!, name: 'legacy_001.jpg' },
      { bytes: jpegs[1]!, name: 'legacy_002.jpg' },
      { bytes: jpegs[1]!, name: 'legacy_002 copy.jpg' },
      { bytes: broken, name: 'legacy_003.jpg' },
    ]);

    expect((await business.get('/users/activate')).body.status).toBe('NOT_ACTIVE');
    const socket = await openPushSocket(server.origin, business.token);
    try {
      expect((await business.send('POST', '/users/activate')).body).toEqual({ started: true });
      const failed = importPushMessageSchema.parse(
        await socket.waitFor((m) => m.type === IMPORT_TYPES.error),
      );
      expect(failed.data.payload).toMatchObject({ totalCount: 4, importedCount: 3 });
      expect(failed.data.payload.error).toBe('"legacy_003.jpg" is not a JPEG, PNG or HEIC image');
      expect((await business.get('/users/activate')).body.status).toBe('NOT_ACTIVE');

      // The broken one is repaired; a second import carries on with what is left.
      await server.app.deps.db
        .deleteFrom('legacy_photos')
        .where('content_hash', '=', sha256(broken))
        .execute();
      await addLegacyPhotos([
        { bytes: jpegs[2]!, name: 'legacy_003.jpg' },
        { bytes: jpegs[3]!, name: 'legacy_004.jpg' },
      ]);
      socket.messages.length = 0;
      const started = Date.now();
      expect((await business.send('POST', '/users/activate')).body).toEqual({ started: true });
      expect((await business.get('/users/activate')).body.status).toBe('IMPORTING');
      const finished = importPushMessageSchema.parse(
        await socket.waitFor((m) => m.type === IMPORT_TYPES.finished),
      );
      // Paced by ACTIVATION_IMPORT_DELAY_MS between photos, so a screen can follow it.
      expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY_MS);
      expect(finished.data.payload).toEqual({
        userId: demoUserId('business'),
        importedCount: 2,
        totalCount: 2,
      });

      // Every message is what the client validates: uuid id, ISO timestamp, known type.
      const messages = socket.messages.map((m: any) => importPushMessageSchema.parse(m));
      expect(messages.map((m) => m.type)).toEqual([
        IMPORT_TYPES.started,
        IMPORT_TYPES.progress,
        IMPORT_TYPES.finished,
      ]);
      expect(messages[1]!.data.payload).toMatchObject({ importedCount: 1, totalCount: 2 });
      expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);

      expect((await business.get('/users/activate')).body.status).toBe('ACTIVE');
      const photos = photoPageSchema.parse((await business.get('/photos')).body).images;
      expect(photos.map((photo) => photo.localFileName).sort()).toEqual([
        'already.jpg',
        'legacy_002.jpg',
        'legacy_003.jpg',
        'legacy_004.jpg',
      ]);
      for (const photo of photos) expect((await fetch(photo.thumbnails[0]!.url)).status).toBe(200);
      expect((await business.get('/users')).body.photosCount).toBe(4);
      // ACTIVE: nothing left to start.
      expect((await business.send('POST', '/users/activate')).body).toEqual({ started: false });
    } finally {
      socket.close();
    }
  }, 120_000);

  it('hands a long import over to a new job in slices, counting on without a second start', async () => {
    // A job may run a third of JOB_EXPIRE_SECONDS (333 ms here); six photos 150 ms apart take longer.
    const sliced = await startTestServer({
      env: { ACTIVATION_IMPORT_DELAY_MS: String(DELAY_MS), JOB_EXPIRE_SECONDS: '1' },
    });
    try {
      const jobs = sliced.app.deps.jobs;
      const sent: string[] = [];
      const send = jobs.send.bind(jobs);
      jobs.send = (name, data, options) => {
        sent.push(name);
        return send(name, data, options);
      };
      const store = new ContentStore(sliced.app.deps.paths.storage);
      const jpegs = await Promise.all(
        [11, 12, 13, 14, 15, 16].map((seed, i) =>
          renderDemoJpeg(prng(seed), `2019-03-0${i + 1}T10:00:00.000Z`),
        ),
      );
      for (const bytes of jpegs) await store.put(sha256(bytes), bytes, []);
      await sliced.app.deps.db
        .insertInto('legacy_photos')
        .values(
          jpegs.map((bytes, index) => ({
            id: randomUUID(),
            user_id: demoUserId('business'),
            local_file_name: `slice_${index}.jpg`,
            content_hash: sha256(bytes),
            mime_type: 'image/jpeg',
            created: new Date(Date.UTC(2019, 2, 1 + index)).toISOString(),
          })),
        )
        .execute();
      const token = (await signIn(sliced.origin, 'business@example.com', 'demo1234')).accessToken;
      const api = apiClient(sliced.origin, token);
      const socket = await openPushSocket(sliced.origin, token);
      try {
        expect((await api.send('POST', '/users/activate')).body).toEqual({ started: true });
        await socket.waitFor((m) => m.type === IMPORT_TYPES.finished);
        const messages = socket.messages.map((m: any) => importPushMessageSchema.parse(m));
        expect(messages.filter((m) => m.type === IMPORT_TYPES.started)).toHaveLength(1);
        expect(new Set(messages.map((m) => m.data.payload.totalCount))).toEqual(new Set([6]));
        const counts = messages.map((m) => m.data.payload.importedCount);
        expect(counts).toEqual([...counts].sort((a, b) => a - b));
        expect(messages.at(-1)!.data.payload).toMatchObject({ importedCount: 6, totalCount: 6 });
        // The first job and at least one continuation.
        expect(sent.filter((name) => name === 'activation-import').length).toBeGreaterThanOrEqual(
          2,
        );
        expect((await api.get('/users')).body.photosCount).toBe(6);
      } finally {
        socket.close();
      }
    } finally {
      await sliced.close();
    }
  }, 120_000);

  it('tries an import that failed on the store again with a growing pause before it reports the error', async () => {
    const own = await startTestServer();
    const jobs = new InProcessJobQueue();
    try {
      const ctx = await photoContextFor(own.app.deps);
      const service = new ActivationService({
        db: own.app.deps.db,
        store: ctx.store,
        images: ctx.images,
        push: own.app.deps.push,
        jobs,
        retryLimit: 2,
        retryDelaySeconds: 0.2,
      });
      await service.start();
      // A legacy row whose original is not in the store: not the photo's fault, so retried.
      await own.app.deps.db
        .insertInto('legacy_photos')
        .values({
          id: randomUUID(),
          user_id: demoUserId('business'),
          local_file_name: 'missing.jpg',
          content_hash: sha256(Buffer.from('never stored')),
          mime_type: 'image/jpeg',
          created: new Date(Date.UTC(2019, 0, 1)).toISOString(),
        })
        .execute();
      const token = (await signIn(own.origin, 'business@example.com', 'demo1234')).accessToken;
      const socket = await openPushSocket(own.origin, token);
      try {
        const began = Date.now();
        expect(await service.activate(demoUserId('business'))).toBe(true);
        const failed = importPushMessageSchema.parse(
          await socket.waitFor((m) => m.type === IMPORT_TYPES.error),
        );
        // Three attempts: 0.2 s and 0.4 s apart.
        expect(Date.now() - began).toBeGreaterThanOrEqual(550);
        expect(failed.data.payload.error).toBe('"missing.jpg" could not be imported');
        const types = socket.messages.map((m: any) => m.type);
        expect(types).toEqual([IMPORT_TYPES.started, IMPORT_TYPES.error]);
        const status = await own.app.deps.db
          .selectFrom('users')
          .select('activation_status')
          .where('id', '=', demoUserId('business'))
          .executeTakeFirstOrThrow();
        expect(status.activation_status).toBe('NOT_ACTIVE');
      } finally {
        socket.close();
      }
    } finally {
      await jobs.stop();
      await own.close();
    }
  }, 60_000);
});
