import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { brandUrlFor } from '../fixtures/auth.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { pageFetch } from '../fixtures/http.ts';
import type { E2eServer } from '../fixtures/server.ts';
import { expect, test } from '../fixtures/test.ts';
import { demoUser, hosts } from '../fixtures/users.ts';

// Recently deleted on the real server (docs/product.md#recently-deleted): Undo on the delete
// toast, restoring from the Recently deleted view, and Empty freeing the storage. Each test has
// its own server (they delete); about 25 s together.

const tiles = (scope: Page | Locator): Locator => scope.getByTestId('photo-tile');
const tile = (scope: Page | Locator, id: string): Locator =>
  scope.locator(`[data-photo-id="${id}"]`);
const selectionBar = (page: Page): Locator => page.getByRole('region', { name: 'Selected photos' });
/** A toast that reports a success (role status). */
const toast = (page: Page, text: string): Locator =>
  page.getByRole('status').filter({ hasText: text });

async function open(page: Page, server: E2eServer, pathname: string): Promise<void> {
  await page.goto(brandUrlFor(server.port, hosts.default, pathname));
}

async function openLibrary(page: Page, server: E2eServer): Promise<void> {
  await open(page, server, '/my-photos/photos');
  await expect(tiles(page).first()).toBeVisible();
}

test('delete three photos, Undo: all three are back in their months and their album', async ({
  page,
  openSignedIn,
  freshServer,
}) => {
  await openSignedIn(page, { ...demoUser, host: hosts.default, server: freshServer });
  await openLibrary(page, freshServer);
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  const picked: { id: string; month: string }[] = [];
  for (const index of [0, 1, 2]) {
    const item = tiles(page).nth(index);
    await item.getByRole('button').first().click();
    picked.push({
      id: (await item.getAttribute('data-photo-id'))!,
      month: await item.evaluate((el) => el.closest('section')!.getAttribute('data-section')!),
    });
  }
  const ids = picked.map((photo) => photo.id);
  const created = await pageFetch(page, '/api/photo/albums', {
    method: 'POST',
    body: { name: 'Undo e2e' },
  });
  const albumId = (created.json as { albumId: string }).albumId;
  await pageFetch(page, `/api/photo/albums/${albumId}/photos`, {
    method: 'POST',
    body: { photoIds: ids },
  });

  await selectionBar(page).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 3 photos?' });
  await expect(dialog).toContainText('move to Recently deleted');
  await expect(dialog).toContainText('You can restore them for 30 days.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  for (const id of ids) await expect(tile(page, id)).toHaveCount(0);
  const deleted = toast(page, '3 photos moved to Recently deleted');
  // The toast is the result: focus is on it, its Undo one Tab away.
  await expect(deleted).toBeFocused();
  await expect
    .poll(
      async () =>
        ((await pageFetch(page, `/api/photo/albums/${albumId}`)).json as Album).photosCount,
    )
    .toBe(0);

  await expectNoSeriousViolations(page, 'the delete toast with Undo', { include: '.app-toast' });
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, '3 photos restored')).toBeVisible();
  for (const { id, month } of picked)
    await expect(tile(page.locator(`section[data-section="${month}"]`), id)).toBeVisible();
  await open(page, freshServer, `/my-photos/albums/${albumId}`);
  await expect(tiles(page)).toHaveCount(3);
  for (const id of ids) await expect(tile(page, id)).toBeVisible();
});

interface Album {
  photosCount: number;
}

test('delete one photo in the preview, then restore it from Recently deleted', async ({
  page,
  openSignedIn,
  freshServer,
}) => {
  await openSignedIn(page, { ...demoUser, host: hosts.default, server: freshServer });
  await openLibrary(page, freshServer);
  const first = tiles(page).first();
  const id = (await first.getAttribute('data-photo-id'))!;
  await first.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/preview\//);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this photo?' });
  await expect(dialog).toContainText('You can restore it for 30 days.');
  await dialog.getByRole('button', { name: 'Delete photo' }).click();
  await expect(
    toast(page, '1 photo moved to Recently deleted').getByRole('button', { name: 'Undo' }),
  ).toBeVisible();

  await open(page, freshServer, '/my-photos/photos');
  await page.getByRole('tab', { name: 'Recently deleted' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recently deleted' })).toBeVisible();
  const trashed = tile(page, id);
  await expect(trashed).toContainText('30 days');
  await expectNoSeriousViolations(page, 'Recently deleted');
  await trashed.getByRole('button').first().click();
  await selectionBar(page).getByRole('button', { name: 'Restore' }).click();
  const restored = toast(page, '1 photo restored');
  await expect(restored).toBeFocused();
  await expect(page.getByText('Nothing in Recently deleted')).toBeVisible();

  await page.getByRole('tab', { name: /^Photos/ }).click();
  await expect(tile(page, id)).toBeVisible();
});

test('Empty deletes for good and frees the storage of the photo', async ({
  page,
  openSignedIn,
  freshServer,
}) => {
  await openSignedIn(page, { ...demoUser, host: hosts.default, server: freshServer });
  await openLibrary(page, freshServer);
  // Bytes of this test alone: the demo photos share theirs, and shared bytes stay.
  const bytes = await sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: 201, g: 17, b: 99 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const hash = createHash('sha256').update(bytes).digest('hex');
  const original = path.join(freshServer.dataDir, 'storage', 'originals', hash.slice(0, 2), hash);

  await page.getByRole('button', { name: 'Add photos' }).first().click();
  const upload = page.getByRole('dialog', { name: 'Add photos' });
  const chooser = page.waitForEvent('filechooser');
  await upload.getByRole('button', { name: 'Choose photos' }).click();
  await (
    await chooser
  ).setFiles([{ name: 'empty-e2e.jpg', mimeType: 'image/jpeg', buffer: bytes }]);
  await upload.getByRole('button', { name: 'Add photos' }).click();
  await expect(upload).toBeHidden({ timeout: 30_000 });
  expect(existsSync(original)).toBe(true);

  const newest = await pageFetch(page, '/api/photo/photos?limit=5&sortKey=created&sortOrder=desc');
  const photo = (
    newest.json as { images: { imageId: string; localFileName: string }[] }
  ).images.find((image) => image.localFileName === 'empty-e2e.jpg')!;
  const removed = await pageFetch(page, '/api/photo/photos', {
    method: 'DELETE',
    body: { photoIds: [photo.imageId] },
  });
  expect(removed.status).toBe(200);
  // In Recently deleted the bytes stay: it can still be restored.
  expect(existsSync(original)).toBe(true);

  await open(page, freshServer, '/my-photos/recently-deleted');
  await expect(tile(page, photo.imageId)).toBeVisible();
  await page.getByRole('button', { name: 'Empty', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Empty Recently deleted?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Empty', exact: true }).click();
  await expect(toast(page, 'Recently deleted is empty.')).toBeFocused();
  await expect(page.getByText('Nothing in Recently deleted')).toBeVisible();
  await expect.poll(() => existsSync(original)).toBe(false);
});
