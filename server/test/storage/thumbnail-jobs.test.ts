import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { uploadResultSchema } from '@photo/core/api/schemas/upload';
import type { UploadResult } from '@photo/core/api/schemas/upload';
import { PgBossJobQueue } from '../../src/jobs/pg-boss-job-queue.ts';
import { photoContextFor } from '../../src/modules/photo-management/photo-context.ts';
import { renderDemoJpeg, prng } from '../../src/seed/photos-images.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import { THUMBNAIL_EXPIRE_SECONDS, THUMBNAIL_JOB } from '../../src/storage/thumbnail-jobs.ts';
import { thumbnailsIdle } from '../../src/testing/thumbnail-jobs.ts';
import { filesBelow, sha256Hex, tusUpload } from './helpers.ts';

const dirs: string[] = [];
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}, 60_000);

async function start(dataDir?: string) {
  const server = await startTestServer(dataDir ? { dataDir } : {});
  servers.push(server);
  const { accessToken } = await signIn(server.origin, 'demo@example.com', 'demo1234');
  const ctx = await photoContextFor(server.app.deps);
  const thumbnailFiles = async (hash?: string) =>
    (await filesBelow(path.join(server.dataDir, 'storage', 'thumbnails'))).filter(
      (file) => !hash || path.basename(file).startsWith(hash),
    );
  const jobRows = async () =>
    (await server.app.deps.db.selectFrom('thumbnail_jobs').select('content_hash').execute()).map(
      (row) => row.content_hash,
    );
  const upload = async (bytes: Buffer, filename: string): Promise<UploadResult> => {
    const outcome = await tusUpload(server.origin, accessToken, bytes, { filename });
    expect(outcome.status, filename).toBe(200);
    return uploadResultSchema.parse(outcome.body);
  };
  return { server, accessToken, ctx, thumbnailFiles, jobRows, upload };
}

/** The served bytes of each thumbnail with their real pixel size. */
async function fetchThumbnails(result: UploadResult) {
  return Promise.all(
    result.photo.thumbnails.map(async (thumbnail) => {
      const response = await fetch(thumbnail.url);
      expect(response.status, thumbnail.id).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      return {
        bytes,
        declared: [thumbnail.width, thumbnail.height],
        real: [meta.width, meta.height],
      };
    }),
  );
}

describe('thumbnails made after the upload is answered', () => {
  it('answers the upload before its thumbnails exist; a thumbnail asked for early is made on demand at the size answered', async () => {
    const { server, ctx, thumbnailFiles, jobRows, upload } = await start();
    ctx.thumbnails.pause();
    // 1200 × 900, rotated by EXIF or not: the sizes answered must be the sizes served.
    const bytes = await renderDemoJpeg(prng(21), '2020-05-06T07:08:09.000Z');
    const hash = sha256Hex(bytes);
    const result = await upload(bytes, 'early.jpg');
    expect(result.status).toBe('created');
    expect(result.photo.dateTaken).toBe('2020-05-06T07:08:09.000Z');
    expect(await thumbnailFiles(hash)).toEqual([]);
    expect(await jobRows()).toEqual([hash]);

    const served = await fetchThumbnails(result);
    for (const { declared, real } of served) expect(real).toEqual(declared);
    expect(await thumbnailFiles(hash)).toHaveLength(3);

    ctx.thumbnails.resume();
    await thumbnailsIdle(server);
    expect(await jobRows()).toEqual([]);
    expect(await thumbnailFiles(hash)).toHaveLength(3);
  }, 60_000);

  it('makes the queued thumbnails of photos a stopped server left, at the next start', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'photo-thumbnail-restart-'));
    dirs.push(dataDir);
    const first = await start(dataDir);
    first.ctx.thumbnails.pause();
    const bytes = [await renderDemoJpeg(prng(31), null), await renderDemoJpeg(prng(32), null)];
    for (const [index, item] of bytes.entries()) await first.upload(item, `left-${index}.jpg`);
    expect(await first.thumbnailFiles()).toEqual([]);
    expect((await first.jobRows()).sort()).toEqual(bytes.map(sha256Hex).sort());
    await first.server.close();
    servers.splice(servers.indexOf(first.server), 1);

    const second = await start(dataDir);
    const jobs = second.server.app.deps.jobs;
    // On PostgreSQL a killed instance's thumbnails come back after this expiry, not the
    // queue-wide one (docs/architecture.md, "Background jobs").
    if (jobs instanceof PgBossJobQueue)
      expect((await jobs.raw.getQueue(THUMBNAIL_JOB))?.expireInSeconds).toBe(
        THUMBNAIL_EXPIRE_SECONDS,
      );
    await thumbnailsIdle(second.server);
    expect(await second.jobRows()).toEqual([]);
    for (const item of bytes) expect(await second.thumbnailFiles(sha256Hex(item))).toHaveLength(3);
  }, 90_000);

  it('deletes a photo whose job is still queued without failing or leaving files behind', async () => {
    const { server, accessToken, ctx, thumbnailFiles, jobRows, upload } = await start();
    ctx.thumbnails.pause();
    const bytes = await renderDemoJpeg(prng(41), null);
    const hash = sha256Hex(bytes);
    const result = await upload(bytes, 'gone.jpg');
    const removed = await fetch(`${server.origin}/api/photo/photos`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ photoIds: [result.photoId] }),
    });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ failed: [], deletionId: expect.any(String) });
    // Deleted, it waits in Recently deleted with its files; deleted from there, it goes for good
    // while its job is still queued.
    const purged = await fetch(`${server.origin}/api/photo/photos/trash`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ photoIds: [result.photoId] }),
    });
    expect(await purged.json()).toEqual({ failed: [] });
    ctx.thumbnails.resume();
    await thumbnailsIdle(server);
    expect(await thumbnailFiles(hash)).toEqual([]);
    expect(await filesBelow(path.join(server.dataDir, 'storage', 'originals'))).toEqual([]);
    expect(await jobRows()).toEqual([]);
  }, 60_000);

  it('gives a JPEG whose bytes break off after a sound header grey thumbnails of the answered size', async () => {
    const { ctx, upload, server } = await start();
    const whole = await renderDemoJpeg(prng(51), null);
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    const result = await upload(cut, 'cut-short.jpg');
    expect(result.status).toBe('created');
    await ctx.thumbnails.onIdle();
    const served = await fetchThumbnails(result);
    for (const { declared, real } of served) expect(real).toEqual(declared);
    const { dominant } = await sharp(served[0]!.bytes).stats();
    expect(Math.abs(dominant.r - 200)).toBeLessThan(16);
    expect(Math.abs(dominant.g - dominant.b)).toBeLessThan(16);
    await thumbnailsIdle(server);
  }, 60_000);
});
