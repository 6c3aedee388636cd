import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  desktopTexts,
  openDesktopWindow,
  signInDesktop,
  type DesktopWindow,
} from '../fixtures/desktop-harness.ts';
import { pngImage } from '../../desktop/testing/test-images.ts';
import { LOOKS, snap } from '../fixtures/snap.ts';
import { expect, test } from '../fixtures/test.ts';
import { demoUser } from '../fixtures/users.ts';

const en = desktopTexts('en-GB');
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)(?:, number)?\}\}/g, (_m, name: string) => values[name] ?? '');

let desktop: DesktopWindow | null = null;
let root: string | null = null;
test.afterEach(async () => {
  await desktop?.close();
  desktop = null;
  if (root) rmSync(root, { recursive: true, force: true });
  root = null;
});

/**
 * The journeys' start: a folder `name` that `writePhotos` fills, and the desktop window signed in
 * on My photos, whose folder dialog answers that folder (files stable after 200 ms).
 */
async function openWatchingWindow(
  { page, browser, freshServer }: { page: Page; browser: Browser; freshServer: { origin: string } },
  name: string,
  writePhotos: (folder: string) => void,
) {
  root = mkdtempSync(path.join(tmpdir(), 'photo-watch-e2e-'));
  const folder = path.join(root, name);
  mkdirSync(folder, { recursive: true });
  writePhotos(folder);
  desktop = await openDesktopWindow(page, {
    serverUrl: freshServer.origin,
    browser,
    openDialogPaths: () => [folder],
    watchTiming: { stableMs: 200, checkIntervalMs: 500 },
  });
  await signInDesktop(desktop, demoUser);
  await page.goto(`${desktop.harness.rendererOrigin}/my-photos/photos`);
  return { folder, panel: page.getByRole('region', { name: en.watch.region }) };
}

/** The signed-in user's photos and albums, asked from the renderer with the bridge's token. */
async function library(page: Page) {
  return page.evaluate(async () => {
    const bridge = (
      window as unknown as { photoDesktop: { auth: { getAccessToken(): Promise<string | null> } } }
    ).photoDesktop;
    const headers = { authorization: `Bearer ${await bridge.auth.getAccessToken()}` };
    const users = (await (await fetch('/api/photo/users', { headers })).json()) as {
      photosCount: number;
    };
    const albums = (await (await fetch('/api/photo/albums', { headers })).json()) as {
      albums: { albumName: string; photosCount: number }[];
    };
    return { photos: users.photosCount, albums: albums.albums };
  });
}

test.describe('watched folders in the desktop window', { tag: LOOKS }, () => {
  test.use({ viewport: { width: 1280, height: 860 } });

  test('watch a folder into its album, see it listed with its state, pause, resume and stop', async ({
    page,
    browser,
    freshServer,
  }) => {
    const { panel, folder } = await openWatchingWindow(
      { page, browser, freshServer },
      'Holiday',
      (holiday) => {
        mkdirSync(path.join(holiday, 'day 2'));
        for (let i = 0; i < 6; i += 1)
          writeFileSync(path.join(holiday, i < 3 ? '' : 'day 2', `h-${i}.png`), pngImage(800 + i));
      },
    );
    const before = await library(page);

    // "Watch a folder…" is there from the start, before any upload, and reached with the
    // keyboard (the dock's controls are the last ones of the page).
    const watchButton = panel.getByRole('button', { name: en.watch.watchFolder });
    await expect(watchButton).toBeVisible();
    await expect(page.getByRole('region', { name: en.uploads.region })).toHaveCount(0);
    // Nothing focused: Shift+Tab starts from the end of the page.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (
      let i = 0;
      i < 6 && !(await watchButton.evaluate((b) => b === document.activeElement));
      i += 1
    )
      await page.keyboard.press('Shift+Tab');
    await expect(watchButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('radiogroup', { name: en.watch.targetLabel })).toBeVisible();
    await panel.getByRole('radio', { name: en.watch.target.album }).check();
    await snap(page, 'desktop-watch-choose-en', { fullPage: false });
    await panel.getByRole('button', { name: en.watch.chooseFolder }).click();

    // What happened is said, and focus lands on it.
    const status = panel.getByRole('status');
    await expect(status).toHaveText(fill(en.watch.added, { name: 'Holiday' }));
    await expect(status).toBeFocused();
    const list = panel.getByRole('list', { name: en.watch.listLabel });
    const row = list.getByRole('listitem').filter({ hasText: 'Holiday' });
    await expect(row).toContainText(en.watch.state.watching, { timeout: 30_000 });
    await expect
      .poll(async () => (await library(page)).photos, { timeout: 30_000 })
      .toBe(before.photos + 6);
    expect((await library(page)).albums).toEqual(
      expect.arrayContaining([expect.objectContaining({ albumName: 'Holiday', photosCount: 6 })]),
    );
    const axe = await new AxeBuilder({ page }).include('#desktop-ui').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
      [],
    );
    await snap(page, 'desktop-watch-listed-en', { fullPage: false });

    // A photo added later arrives by itself.
    writeFileSync(path.join(folder, 'day 2', 'later.png'), pngImage(900));
    await expect
      .poll(async () => (await library(page)).photos, { timeout: 30_000 })
      .toBe(before.photos + 7);

    // Paused: the row says so and offers Resume (files of the folder still queued are held and
    // the row says how far it got: main/watch/watched-folders.test.ts).
    await row.getByRole('button', { name: en.watch.pause }).click();
    await expect(row).toContainText(en.watch.state.paused);
    await expect(status).toHaveText(fill(en.watch.paused, { name: 'Holiday' }));
    await expect(status).toBeFocused();
    await snap(page, 'desktop-watch-paused-en', { fullPage: false });
    await row.getByRole('button', { name: en.watch.resume }).click();
    await expect(row).toContainText(en.watch.state.watching);
    await expect(status).toHaveText(fill(en.watch.resumed, { name: 'Holiday' }));

    // Stopped: gone from the list, nothing online removed.
    await row.getByRole('button', { name: en.watch.stop }).click();
    await expect(status).toHaveText(fill(en.watch.stopped, { name: 'Holiday' }));
    await expect(status).toBeFocused();
    await expect(list).toHaveCount(0);
    expect((await library(page)).photos).toBe(before.photos + 7);
    // The panel stays, ready for the next folder.
    await expect(panel.getByRole('button', { name: en.watch.watchFolder })).toBeVisible();
  });

  test('pausing a folder whose files are still queued: the uploads panel says they are on hold and how to resume', async ({
    page,
    browser,
    freshServer,
  }) => {
    // Enough photos that most are still queued when Pause comes (about 4 s of uploads).
    const count = 150;
    const { panel } = await openWatchingWindow(
      { page, browser, freshServer },
      'Camera',
      (folder) => {
        for (let i = 0; i < count; i += 1)
          writeFileSync(path.join(folder, `c-${i}.png`), pngImage(3000 + i));
      },
    );
    await panel.getByRole('button', { name: en.watch.watchFolder }).click();
    await panel.getByRole('radio', { name: en.watch.target.library }).check();
    await panel.getByRole('button', { name: en.watch.chooseFolder }).click();
    const row = panel
      .getByRole('list', { name: en.watch.listLabel })
      .getByRole('listitem')
      .filter({ hasText: 'Camera' });
    const pause = row.getByRole('button', { name: en.watch.pause });
    await expect(pause).toBeVisible({ timeout: 30_000 });
    const uploads = page.getByRole('region', { name: en.uploads.region });
    await expect(uploads).toBeVisible({ timeout: 30_000 });
    // The folder's files are in the queue (its round has begun) and at least one has settled
    // before Pause comes: paused at "0 of 150", every file would be on hold.
    await expect(row).toContainText(/Uploading [1-9]\d* of 150/, { timeout: 30_000 });
    // By keyboard: the dock grows as the queue's rows arrive, which can move a button between
    // Playwright's aim and its click.
    await pause.press('Enter');
    await expect(row).toContainText(en.watch.state.paused);

    // The uploads panel no longer says "Uploading photos …" for files that cannot move: it
    // says how many are on hold and where to resume them, and the rows say Paused.
    const onHold = new RegExp(
      fill(en.uploads.onHold.photos_other!, { count: '(\\d+)' }).replace(/\./g, '\\.'),
    );
    await expect(uploads).toContainText(onHold, { timeout: 15_000 });
    await expect(uploads).not.toContainText(/Uploading photos/);
    await expect(uploads.getByText(en.uploads.status.held).first()).toBeVisible();
    const held = Number(onHold.exec((await uploads.textContent()) ?? '')?.[1]);
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(count);
    // The row says how far the folder got: every file not settled is one of those on hold.
    await expect(row).toContainText(
      fill(en.watch.state.pausedAt, { settled: String(count - held), total: String(count) }),
    );

    await row.getByRole('button', { name: en.watch.resume }).click();
    await expect(row).toContainText(en.watch.state.watching, { timeout: 60_000 });
    await expect(uploads).not.toContainText(onHold);
  });
});
