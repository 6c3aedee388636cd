import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { thumbnailsIdle } from '@photo/server/src/testing/thumbnail-jobs.ts';
import { expect, test } from '../fixtures/test.ts';
import { brandUrlFor } from '../fixtures/auth.ts';
import { pageFetch } from '../fixtures/http.ts';
import { demoUser, hosts } from '../fixtures/users.ts';
import { LOOKS, snap, takingPictures } from '../fixtures/snap.ts';

// The upload dialog against the real server: the shared engine in the page (hashing in a
// worker, the duplicate check, tus through /api/storage), drag and drop, per-file states.

const heicFixture = new URL(
  '../../server/test/fixtures/red-with-green-circle.heic',
  import.meta.url,
);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A JPEG or PNG of its own colours, so no two tests' files are the same bytes. */
async function image(format: 'jpeg' | 'png', seed: number, size = 320): Promise<Buffer> {
  const base = sharp({
    create: {
      width: size,
      height: Math.round(size * 0.75),
      channels: 3,
      background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 31) % 256 },
    },
  });
  return format === 'jpeg' ? base.jpeg({ quality: 90 }).toBuffer() : base.png().toBuffer();
}

/** About 20 MB: a PNG of noise does not compress. */
async function bigPng(): Promise<Buffer> {
  return sharp({
    create: {
      width: 2600,
      height: 2600,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 90 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

type FilePayload = { name: string; mimeType: string; buffer: Buffer };

async function openDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add photos' }).first().click();
  return page.getByRole('dialog', { name: 'Add photos' });
}

/** The toast that says what an upload did (role status: announced without interrupting). */
function outcomeToast(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

async function choose(page: Page, dialog: Locator, files: FilePayload[] | string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose photos' }).click();
  await (await chooser).setFiles(files);
}

/**
 * Files written to the test's output folder, to be picked by path: a 20 MB buffer handed to the
 * file chooser through the protocol took over its 15 s on a busy machine, a path is read by the
 * browser itself.
 */
async function onDisk(files: FilePayload[]): Promise<string[]> {
  return Promise.all(
    files.map(async (file) => {
      const at = test.info().outputPath(file.name);
      await writeFile(at, file.buffer);
      return at;
    }),
  );
}

/** SHA-256 of the stored original of the newest upload named `fileName`. */
async function storedSha256(page: Page, fileName: string): Promise<string> {
  const photos = await pageFetch(page, '/api/photo/photos?limit=5&sortKey=created&sortOrder=desc');
  const photo = (
    photos.json as { images: { localFileName: string; untouchedUrl: string }[] }
  ).images.find((image) => image.localFileName === fileName);
  expect(photo, `${fileName} is in the library`).toBeDefined();
  // Hashed in the page: 20 MB is too much to hand back through the protocol.
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    const digest = await crypto.subtle.digest('SHA-256', await response.arrayBuffer());
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  }, photo!.untouchedUrl);
}

async function photoUser(page: Page): Promise<{ photosCount: number }> {
  const result = await pageFetch(page, '/api/photo/users');
  return result.json as { photosCount: number };
}

async function filesUnder(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

test.describe('upload dialog', () => {
  test('a JPEG, a PNG and a HEIC go into an album and show with thumbnails there and in the timeline', async ({
    page,
    openSignedIn,
    freshServer,
  }) => {
    await openSignedIn(page, { server: freshServer, ...demoUser, host: hosts.default });
    const created = await pageFetch(page, '/api/photo/albums', {
      method: 'POST',
      body: { name: 'Uploads e2e' },
    });
    const albumId = (created.json as { albumId: string }).albumId;
    await page.goto(brandUrlFor(freshServer.port, hosts.default, `/my-photos/albums/${albumId}`));
    const dialog = await openDialog(page);
    await choose(page, dialog, [
      { name: 'beach.jpg', mimeType: 'image/jpeg', buffer: await image('jpeg', 1) },
      { name: 'map.png', mimeType: 'image/png', buffer: await image('png', 2) },
      // Browsers often give HEIC no type: the extension decides.
      { name: 'IMG_0042.HEIC', mimeType: '', buffer: await readFile(heicFixture) },
    ]);
    await expect(dialog.getByText('IMG_0042.HEIC')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add photos' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    // The dialog does not close without a word; focus is back on the button that opened it.
    await expect(outcomeToast(page, '3 photos added')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add photos' })).toBeFocused();

    const album = page.getByRole('main');
    for (const name of ['beach.jpg', 'map.png', 'IMG_0042.HEIC']) {
      const thumbnail = album.getByRole('img', { name }).first();
      await expect(thumbnail).toBeVisible();
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await page.goto(brandUrlFor(freshServer.port, hosts.default, '/my-photos'));
    // They have no date taken: newest uploads first puts them at the top of the library.
    await page.getByRole('button', { name: /^Sort photos:/ }).click();
    await page.getByRole('menuitem', { name: 'Date uploaded (newest first)' }).click();
    for (const name of ['beach.jpg', 'map.png', 'IMG_0042.HEIC'])
      await expect(page.getByRole('img', { name }).first()).toBeVisible();
  });

  test(
    'files dropped on the drop area are listed; a renamed text file is refused by name while the others arrive',
    { tag: LOOKS },
    async ({ page, openSignedIn, freshServer }) => {
      await openSignedIn(page, { server: freshServer, ...demoUser, host: hosts.default });
      await page.goto(brandUrlFor(freshServer.port, hosts.default, '/my-photos'));
      const before = (await photoUser(page)).photosCount;
      const dialog = await openDialog(page);
      const dropzone = dialog.getByLabel('Drop photos here');
      const files = [
        { name: 'dropped.jpg', type: 'image/jpeg', bytes: [...(await image('jpeg', 3))] },
        { name: 'notes.jpg', type: 'image/jpeg', bytes: [...Buffer.from('not a photo at all\n')] },
        { name: 'readme.txt', type: 'text/plain', bytes: [...Buffer.from('plain text')] },
      ];
      const dataTransfer = await page.evaluateHandle((list) => {
        const transfer = new DataTransfer();
        for (const file of list)
          transfer.items.add(
            new File([new Uint8Array(file.bytes)], file.name, { type: file.type }),
          );
        return transfer;
      }, files);
      await dropzone.dispatchEvent('dragenter', { dataTransfer });
      await dropzone.dispatchEvent('drop', { dataTransfer });
      await expect(dialog.getByText('dropped.jpg')).toBeVisible();
      await expect(dialog.getByText('notes.jpg', { exact: true })).toBeVisible();
      await expect(dialog.getByText('readme.txt is not a JPEG, PNG or HEIC photo')).toBeVisible();

      await dialog.getByRole('button', { name: 'Add photos' }).click();
      await expect(dialog.getByText('notes.jpg is not a JPEG, PNG or HEIC photo')).toBeVisible({
        timeout: 30_000,
      });
      await expect(dialog.getByText('Uploaded', { exact: true })).toBeVisible();
      await expect(
        dialog.getByText('1 photo added · 1 photo could not be added: please try again'),
      ).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Retry failed' })).toBeVisible();
      expect((await photoUser(page)).photosCount).toBe(before + 1);
      await snap(page, 'upload-dialog-failed', { fullPage: false });
      // Closed with a failure left: the toast says what was added and what was not.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: '1 photo added · 1 photo could not be added: please try again' }),
      ).toBeVisible();
      await snap(page, 'upload-toast-failed', { fullPage: false });
    },
  );

  test('the same file again is a duplicate: nothing is sent and nothing new is stored', async ({
    page,
    openSignedIn,
    freshServer,
  }) => {
    await openSignedIn(page, { server: freshServer, ...demoUser, host: hosts.default });
    await page.goto(brandUrlFor(freshServer.port, hosts.default, '/my-photos'));
    const file = { name: 'twice.jpg', mimeType: 'image/jpeg', buffer: await image('jpeg', 4) };
    let dialog = await openDialog(page);
    await choose(page, dialog, [file]);
    await dialog.getByRole('button', { name: 'Add photos' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(outcomeToast(page, '1 photo added')).toBeVisible();
    const count = (await photoUser(page)).photosCount;
    // The upload is answered before its thumbnails exist: count the files once they do.
    await thumbnailsIdle(freshServer);
    const stored = await filesUnder(path.join(freshServer.dataDir, 'storage'));

    const creations: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/storage/files')) creations.push(request.method());
    });
    dialog = await openDialog(page);
    await choose(page, dialog, [{ ...file, name: 'twice-renamed.jpg' }]);
    await dialog.getByRole('button', { name: 'Add photos' }).click();
    // Only duplicates: the run ends at once and the dialog closes like any success, saying so.
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(outcomeToast(page, 'This photo is already in your photos')).toBeVisible();
    expect(creations).toEqual([]);
    expect((await photoUser(page)).photosCount).toBe(count);
    expect(await filesUnder(path.join(freshServer.dataDir, 'storage'))).toEqual(stored);

    // One new, one already there: both counted.
    dialog = await openDialog(page);
    await choose(page, dialog, [
      file,
      { name: 'new-one.jpg', mimeType: 'image/jpeg', buffer: await image('jpeg', 14) },
    ]);
    await dialog.getByRole('button', { name: 'Add photos' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(outcomeToast(page, '1 photo added · 1 was already in your photos')).toBeVisible();
    expect((await photoUser(page)).photosCount).toBe(count + 1);
  });

  test('a 20 MB upload cut half way resumes from the server offset; the stored original has its checksum', async ({
    page,
    openSignedIn,
    freshServer,
  }) => {
    test.setTimeout(120_000);
    await openSignedIn(page, { server: freshServer, ...demoUser, host: hosts.default });
    await page.goto(brandUrlFor(freshServer.port, hosts.default, '/my-photos'));
    const big = await bigPng();
    expect(big.length).toBeGreaterThan(18 * 1024 * 1024);
    const requests: string[] = [];
    let cut = false;
    await page.route('**/api/storage/files/**', async (route) => {
      const request = route.request();
      const offset = request.headers()['upload-offset'];
      requests.push(`${request.method()} ${offset ?? ''}`.trim());
      // The second chunk's connection drops: the server has the first 8 MiB.
      if (request.method() === 'PATCH' && offset !== '0' && !cut) {
        cut = true;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    const dialog = await openDialog(page);
    await choose(
      page,
      dialog,
      await onDisk([{ name: 'big.png', mimeType: 'image/png', buffer: big }]),
    );
    await dialog.getByRole('button', { name: 'Add photos' }).click();
    await expect(dialog).toBeHidden({ timeout: 90_000 });

    expect(cut).toBe(true);
    const afterCut = requests.slice(requests.indexOf(`PATCH ${8 * 1024 * 1024}`) + 1);
    // tus asks the server where it stands, then sends only what is missing.
    expect(afterCut[0]).toBe('HEAD');
    expect(afterCut[1]).toBe(`PATCH ${8 * 1024 * 1024}`);
    expect(await storedSha256(page, 'big.png')).toBe(sha256(big));
  });

  test('after a reload, picking the same file again resumes it from the server offset', async ({
    page,
    openSignedIn,
    freshServer,
  }, testInfo) => {
    test.setTimeout(120_000);
    await openSignedIn(page, { server: freshServer, ...demoUser, host: hosts.default });
    await page.goto(brandUrlFor(freshServer.port, hosts.default, '/my-photos'));
    // A file on disk, so the picked file keeps its modification time like a customer's does.
    const big = await bigPng();
    const file = testInfo.outputPath('resume-after-reload.png');
    await writeFile(file, big);
    const requests: string[] = [];
    let held = false;
    await page.route('**/api/storage/files/**', async (route) => {
      const request = route.request();
      const offset = request.headers()['upload-offset'];
      requests.push(`${request.method()} ${offset ?? ''}`.trim());
      // The second chunk never arrives before the reload: the server keeps the first 8 MiB.
      if (request.method() === 'PATCH' && offset !== '0' && !held) {
        held = true;
        return;
      }
      await route.continue().catch(() => undefined);
    });
    let dialog = await openDialog(page);
    const first = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose photos' }).click();
    await (await first).setFiles(file);
    await dialog.getByRole('button', { name: 'Add photos' }).click();
    await expect.poll(() => held, { timeout: 30_000 }).toBe(true);

    page.on('dialog', (leave) => void leave.accept());
    await page.reload();
    const sentBefore = requests.length;
    dialog = await openDialog(page);
    const again = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose photos' }).click();
    await (await again).setFiles(file);
    await dialog.getByRole('button', { name: 'Add photos' }).click();
    await expect(dialog).toBeHidden({ timeout: 90_000 });

    // tus asked the server where the upload stood and sent only the rest: nothing from 0 again.
    const afterReload = requests.slice(sentBefore);
    expect(afterReload[0]).toBe('HEAD');
    expect(afterReload[1]).toBe(`PATCH ${8 * 1024 * 1024}`);
    expect(afterReload).not.toContain('POST');
    expect(afterReload).not.toContain('PATCH 0');
    expect(await storedSha256(page, 'resume-after-reload.png')).toBe(sha256(big));
  });

  test('Cancel during an upload removes what was uploaded and leaves no file in storage', async ({
    page,
    openSignedIn,
    freshServer,
  }) => {
    test.setTimeout(120_000);
    await openSignedIn(page, { server: freshServer, ...demoUser, host: hosts.default });
    await page.goto(brandUrlFor(freshServer.port, hosts.default, '/my-photos'));
    const before = (await photoUser(page)).photosCount;
    const storage = path.join(freshServer.dataDir, 'storage');
    const stored = await filesUnder(storage);
    // The big file's chunks are held back so the cancel finds it half sent.
    await page.route('**/api/storage/files/**', async (route) => {
      if (
        route.request().method() === 'PATCH' &&
        route.request().headers()['upload-offset'] !== '0'
      )
        await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue().catch(() => undefined);
    });
    const dialog = await openDialog(page);
    await choose(
      page,
      dialog,
      await onDisk([
        { name: 'small-1.jpg', mimeType: 'image/jpeg', buffer: await image('jpeg', 5) },
        { name: 'small-2.jpg', mimeType: 'image/jpeg', buffer: await image('jpeg', 6) },
        { name: 'big.png', mimeType: 'image/png', buffer: await bigPng() },
      ]),
    );
    await dialog.getByRole('button', { name: 'Add photos' }).click();
    await expect(dialog.getByText('Uploaded', { exact: true })).toHaveCount(2, { timeout: 30_000 });
    await expect(dialog.getByText(/^Uploading \d+%$/)).toBeVisible();
    // Leaving while files upload asks first; staying keeps the upload where it was.
    const asked = page.waitForEvent('dialog');
    void page.evaluate(() => location.reload()).catch(() => undefined);
    const leave = await asked;
    expect(leave.type()).toBe('beforeunload');
    await leave.dismiss();
    await expect(dialog.getByText(/^Uploading \d+%$/)).toBeVisible();
    const removed = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' &&
        new URL(response.url()).pathname === '/api/photo/photos',
    );
    // The removal deletes the photos, then purges them from Recently deleted, then reloads the
    // library and stops asking before leaving in the same step. The delete alone reloads the
    // library too, so only a reload after the purge's answer tells the removal is over.
    let purgeAnswered = false;
    let libraryReloads = 0;
    page.on('response', (response) => {
      if (
        response.request().method() === 'DELETE' &&
        new URL(response.url()).pathname === '/api/photo/photos/trash'
      )
        purgeAnswered = true;
    });
    page.on('request', (request) => {
      if (
        purgeAnswered &&
        request.method() === 'GET' &&
        new URL(request.url()).pathname === '/api/photo/users'
      )
        libraryReloads += 1;
    });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // The two photos sent before the cancel are removed again (the page asks before leaving
    // until they are: the dialog's component test).
    expect((await removed).ok()).toBe(true);
    await expect.poll(() => libraryReloads, { timeout: 20_000 }).toBeGreaterThan(0);
    // Nothing uploads any more: the page leaves without asking.
    let askedAgain = false;
    page.on('dialog', (shown) => {
      askedAgain = true;
      void shown.accept();
    });
    await page.reload();
    expect(askedAgain).toBe(false);
    await expect
      .poll(async () => (await photoUser(page)).photosCount, { timeout: 20_000 })
      .toBe(before);
    await expect
      .poll(async () => (await filesUnder(storage)).length, { timeout: 20_000 })
      .toBe(stored.length);
  });
});

test.describe('looks', { tag: LOOKS }, () => {
  // Pictures only (that the dialog lists the picked files is checked above): npm run test:looks.
  test.skip(!takingPictures, 'takes pictures only: run by npm run test:looks');
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    for (const locale of ['en-GB', 'nl-NL']) {
      test(`upload dialog at ${viewport.width}x${viewport.height} in ${locale}`, async ({
        page,
        openSignedIn,
        server,
      }) => {
        await page.setViewportSize(viewport);
        const host = locale === 'nl-NL' ? hosts.albelliNl : hosts.default;
        await openSignedIn(page, { ...demoUser, host });
        await page.goto(brandUrlFor(server.port, host, '/my-photos'));
        const button = page
          .getByRole('button', { name: locale === 'nl-NL' ? "Foto's toevoegen" : 'Add photos' })
          .first();
        await button.click();
        const dialog = page.getByRole('dialog');
        const chooser = page.waitForEvent('filechooser');
        await dialog
          .getByRole('button', { name: locale === 'nl-NL' ? "Foto's kiezen" : 'Choose photos' })
          .click();
        await (
          await chooser
        ).setFiles(
          await Promise.all(
            [1, 2, 3, 4, 5, 6].map(async (seed) => ({
              name: `holiday-${seed}.jpg`,
              mimeType: 'image/jpeg',
              buffer: await image('jpeg', 100 + seed),
            })),
          ),
        );
        await expect(dialog.getByText('holiday-1.jpg')).toBeVisible();
        // The dialog as the customer sees it: the viewport only (the library behind it is long).
        await snap(page, `upload-dialog-${locale}`, { fullPage: false });
      });
    }
  }
});
