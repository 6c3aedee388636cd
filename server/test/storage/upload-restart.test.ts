import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { renderDemoJpeg, prng } from '../../src/seed/photos-images.ts';
import { PostgresLockStore } from '../../src/modules/storage/upload-locker.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import { TEST_POSTGRES_ENV } from '../../src/testing/test-database.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import { filesBelow, sha256Hex, tusMetadata, tusRequest, waitUntil } from './helpers.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('uploads across a restart', () => {
  it('finishes the check a stopped server was in the middle of, and refuses one whose bytes are missing', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'photo-upload-restart-'));
    dirs.push(dataDir);
    const uploadsDir = path.join(dataDir, 'storage', 'uploads');
    const bytes = await renderDemoJpeg(prng(3), '2019-01-02T03:04:05.000Z');

    // First run: two uploads created; the process stops while checking them.
    const first = await startTestServer({ dataDir });
    const { accessToken } = await signIn(first.origin, 'demo@example.com', 'demo1234');
    const create = async (name: string, checksum: string) =>
      (
        await tusRequest(first.origin, accessToken, 'POST', '/api/storage/files', {
          'upload-length': String(bytes.length),
          'upload-metadata': tusMetadata({ filename: name, checksum }),
        })
      ).headers
        .get('location')!
        .split('/')
        .pop()!;
    const complete = await create('complete.jpg', sha256Hex(bytes));
    const cut = await create('cut.jpg', sha256Hex(Buffer.from('other bytes')));
    await writeFile(path.join(uploadsDir, complete), bytes);
    await writeFile(path.join(uploadsDir, cut), bytes.subarray(0, 100));
    await first.app.deps.db
      .updateTable('uploads')
      .set({ status: 'processing' })
      .where('id', 'in', [complete, cut])
      .execute();
    await first.close();

    // Second run, same data.
    const second = await startTestServer({ dataDir });
    try {
      const session = await signIn(second.origin, 'demo@example.com', 'demo1234');
      const record = async (id: string) =>
        (await (
          await fetch(
            `${second.origin}/api/storage/uploads/${id}?accountId=${session.claims.sub}`,
            { headers: { authorization: `Bearer ${session.accessToken}` } },
          )
        ).json()) as { status: string; photoId: string | null; error: string | null };
      const done = await waitUntil(async () => {
        const answer = await record(complete);
        return answer.status === 'processing' ? undefined : answer;
      });
      expect(done.status).toBe('created');
      const photo = await fetch(`${second.origin}/api/photo/photos/${done.photoId}`, {
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      expect(((await photo.json()) as { localFileName: string }).localFileName).toBe(
        'complete.jpg',
      );
      expect(await record(cut)).toMatchObject({
        status: 'refused',
        photoId: null,
        error: 'The upload was interrupted; send the file again',
      });
      await waitUntil(async () => (await filesBelow(uploadsDir)).length === 0);
    } finally {
      await second.close();
    }
  }, 120_000);

  it.runIf(process.env[TEST_POSTGRES_ENV])(
    'leaves alone a check another instance holds (PostgreSQL: the upload’s lock is taken)',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'photo-upload-held-'));
      dirs.push(dataDir);
      const uploadsDir = path.join(dataDir, 'storage', 'uploads');
      const bytes = await renderDemoJpeg(prng(4), '2019-01-02T03:04:05.000Z');
      const first = await startTestServer({ dataDir });
      const { accessToken } = await signIn(first.origin, 'demo@example.com', 'demo1234');
      const id = (
        await tusRequest(first.origin, accessToken, 'POST', '/api/storage/files', {
          'upload-length': String(bytes.length),
          'upload-metadata': tusMetadata({ filename: 'held.jpg', checksum: sha256Hex(bytes) }),
        })
      ).headers
        .get('location')!
        .split('/')
        .pop()!;
      await writeFile(path.join(uploadsDir, id), bytes);
      await first.app.deps.db
        .updateTable('uploads')
        .set({ status: 'processing' })
        .where('id', '=', id)
        .execute();
      const databaseUrl = first.app.deps.config.database.url!;
      await first.close();

      // Instance A is still checking it: it holds the upload's lock.
      const instanceA = new PostgresLockStore(databaseUrl, { warn: () => {} });
      expect(await instanceA.tryAcquire(id)).toBe(true);
      const second = await startTestServer({ dataDir });
      // Closing waits for the checks it resumed at start (none, when the lock is respected).
      await second.close();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ status: string }>(
          'select status from uploads where id = $1',
          [id],
        );
        expect(rows[0]?.status).toBe('processing');
        expect(await filesBelow(uploadsDir)).not.toHaveLength(0);
      } finally {
        await client.end();
        await instanceA.close();
      }
    },
    120_000,
  );
});
