import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { signIn as signInOverHttp } from '@photo/server/src/testing/sign-in.ts';
import { brandUrlFor, signInAt } from '../fixtures/auth.ts';
import { accessToken, pageFetch } from '../fixtures/http.ts';
import { demoUser, friendUser, hosts } from '../fixtures/users.ts';
import { openPushSocket, type PushSocket } from '@photo/server/src/testing/push-socket.ts';
import { zipEntries } from '@photo/server/src/testing/zip-entries.ts';
import { clusterUnavailable, expect, expectPush, test } from './cluster-fixtures.ts';

// Production mode end to end (docs/deploy.md): two server instances on one PostgreSQL and one
// storage root, nginx round-robin in front, Chromium on a brand host through nginx. Sockets
// opened straight on each instance show what crosses between them.

test.describe.configure({ mode: 'serial' });
test.skip(clusterUnavailable !== undefined, clusterUnavailable);

const FINISHED = 'archive generation finished';

interface PhotoItem {
  imageId: string;
  localFileName: string;
}

/** The demo user's newest `count` photos. */
async function newestPhotos(page: Parameters<typeof accessToken>[0], count: number) {
  const result = await pageFetch(
    page,
    `/api/photo/photos?limit=${count}&sortKey=created&sortOrder=desc`,
  );
  expect(result.status).toBe(200);
  return (result.json as { images: PhotoItem[] }).images;
}

/** Every file under `folder` (recursively), relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  if (!existsSync(folder)) return [];
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

test('through nginx on a brand host: sign-in, an upload and its thumbnails, a 100-photo archive pushed to a socket on each instance, the zip', async ({
  page,
  cluster,
}) => {
  const host = hosts.photoboxUk;
  await signInAt(page, cluster.port, { ...demoUser, host });
  const token = await accessToken(page);
  // One socket straight on each instance, and one through nginx's websocket upgrade.
  const sockets = await Promise.all(
    [...cluster.instances.map((instance) => instance.directOrigin), cluster.origin].map((origin) =>
      openPushSocket(origin, token),
    ),
  );

  // An upload through the app's dialog (tus through nginx), then its three thumbnails, made by
  // the background work of whichever instance took it, in the shared storage root. Noise makes
  // it a few MB, above nginx's default body limit of 1 MB.
  await page.goto(brandUrlFor(cluster.port, host, '/my-photos'));
  const photo = await sharp({
    create: {
      width: 2000,
      height: 1500,
      channels: 3,
      background: { r: 12, g: 200, b: 90 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
  const hash = createHash('sha256').update(photo).digest('hex');
  const file = test.info().outputPath('cluster-upload.jpg');
  await writeFile(file, photo);
  await page.getByRole('button', { name: 'Add photos' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add photos' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose photos' }).click();
  await (await chooser).setFiles(file);
  await dialog.getByRole('button', { name: 'Add photos' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: '1 photo added' })).toBeVisible();
  const thumbnails = join(cluster.dataDir, 'storage', 'thumbnails', hash.slice(0, 2));
  await expect
    .poll(async () => (await filesUnder(thumbnails)).filter((name) => name.startsWith(hash)), {
      message: 'the three thumbnails of the upload in the storage root',
      timeout: 30_000,
    })
    .toHaveLength(3);

  // A 100-photo archive: its "finished" message reaches the sockets of both instances, so
  // whichever made it, the other one's socket got it through the fan-out (and the one through
  // nginx, wherever it landed).
  const photos = await newestPhotos(page, 100);
  expect(photos).toHaveLength(100);
  expect(photos[0]?.localFileName).toBe('cluster-upload.jpg');
  const created = await pageFetch(page, '/api/photo/downloads', {
    method: 'POST',
    body: { photoIds: photos.map((item) => item.imageId), name: 'cluster' },
  });
  expect(created.status).toBe(202);
  const downloadId = (created.json as { id: string }).id;
  for (const socket of sockets) await expectPush(socket, FINISHED, downloadId);

  // The zip, through nginx, with one entry per photo.
  const signed = await pageFetch(page, `/api/photo/downloads/${downloadId}/url`);
  expect(signed.status).toBe(200);
  const { url } = signed.json as { url: string };
  const zip = await fetch(url);
  expect(zip.status).toBe(200);
  const names = zipEntries(Buffer.from(await zip.arrayBuffer())).map((entry) => entry.name);
  expect(names).toHaveLength(100);
  expect(names).toContain('cluster-upload.jpg');
  for (const socket of sockets) socket.close();
});

test('sign-out on one instance closes the socket held by the other', async ({ cluster }) => {
  const [first, second] = cluster.instances;
  const session = await signInOverHttp(cluster.origin, friendUser.email, friendUser.password);
  const socket = await openPushSocket(second!.directOrigin, session.accessToken);
  // Revoking the refresh token ends the grant (what the app's sign-out does first).
  const revoked = await fetch(`${first!.directOrigin}/oidc/token/revocation`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: 'web',
      token: session.refreshToken!,
      token_type_hint: 'refresh_token',
    }).toString(),
  });
  expect(revoked.status).toBe(200);
  await expect(socket.closed).resolves.toEqual({ code: 1008, reason: 'Session revoked' });
});

test('an archive whose instance is killed mid-way is finished by the other, stored once, never served half-made', async ({
  page,
  cluster,
}) => {
  // The lost job waits JOB_EXPIRE_SECONDS before the survivor takes it.
  test.setTimeout(120_000);
  await signInAt(page, cluster.port, { ...demoUser, host: hosts.default });
  const token = await accessToken(page);
  const sockets: PushSocket[] = await Promise.all(
    cluster.instances.map((instance) => openPushSocket(instance.directOrigin, token)),
  );
  const photos = await newestPhotos(page, 100);
  const created = await pageFetch(page, '/api/photo/downloads', {
    method: 'POST',
    body: { photoIds: photos.map((item) => item.imageId), name: 'survivor' },
  });
  expect(created.status).toBe(202);
  const downloadId = (created.json as { id: string }).id;

  // The instance writing it (recorded on the archive's row), caught while it is under way.
  const archives = join(cluster.dataDir, 'archives');
  const database = new pg.Client({ connectionString: cluster.databaseUrl });
  await database.connect();
  let worker: string | null = null;
  try {
    await expect
      .poll(
        async () => {
          const { rows } = await database.query<{ worker: string | null }>(
            'SELECT worker FROM downloads WHERE id = $1',
            [downloadId],
          );
          worker = rows[0]?.worker ?? null;
          const parts = (await filesUnder(archives)).filter(
            (name) => name.startsWith(downloadId) && name.endsWith('.part'),
          );
          return worker !== null && parts.length > 0;
        },
        { message: 'the archive being written by an instance', timeout: 20_000 },
      )
      .toBe(true);
  } finally {
    await database.end();
  }
  const victim = cluster.instances.find((instance) => instance.name === worker)!;
  const survivorIndex = cluster.instances.indexOf(victim) === 0 ? 1 : 0;
  await victim.kill('SIGKILL');

  // Not ready while the job waits for another instance: no half-made zip is handed out.
  const early = await pageFetch(page, `/api/photo/downloads/${downloadId}/url`);
  expect(early.status).toBe(409);

  await expectPush(sockets[survivorIndex]!, FINISHED, downloadId, 60_000);
  const signed = await pageFetch(page, `/api/photo/downloads/${downloadId}/url`);
  expect(signed.status).toBe(200);
  const zip = await fetch((signed.json as { url: string }).url);
  expect(zip.status).toBe(200);
  expect(zipEntries(Buffer.from(await zip.arrayBuffer()))).toHaveLength(100);
  // Stored once: one finished file for the job, no partial one left behind.
  const stored = (await filesUnder(archives)).filter((name) => name.startsWith(downloadId));
  expect(stored).toEqual([`${downloadId}.zip`]);
  for (const socket of sockets) socket.close();
});
