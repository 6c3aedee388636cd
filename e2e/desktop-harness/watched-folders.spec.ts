import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
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
test.afterEach(async () => {
  await desktop?.close();
  desktop = null;
});

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
    let dialogs = 0;
    const root = mkdtempSync(path.join(tmpdir(), 'photo-watch-e2e-'));
    const folder = path.join(root, 'Holiday');
    const picked = path.join(root, 'Picked');
    mkdirSync(path.join(folder, 'day 2'), { recursive: true });
    mkdirSync(picked);
    writeFileSync(path.join(picked, 'first.png'), pngImage(799));
    try {
      for (let i = 0; i < 6; i += 1)
        writeFileSync(path.join(folder, i < 3 ? '' : 'day 2', `h-${i}.png`), pngImage(800 + i));
      desktop = await openDesktopWindow(page, {
        serverUrl: freshServer.origin,
        browser,
        // The first dialog picks a folder to upload once, the next one the folder to watch.
        openDialogPaths: () => [dialogs++ === 0 ? picked : folder],
        watchTiming: { stableMs: 200, checkIntervalMs: 500 },
      });
      await signInDesktop(desktop, demoUser);
      // "Watch a folder…" comes with the uploads panel: a folder uploaded once brings it.
      await page.goto(`${desktop.harness.rendererOrigin}/my-photos/photos`);
      await page.getByRole('button', { name: 'Add photos' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add photos' });
      await dialog.getByRole('button', { name: 'Choose a folder' }).click();
      await expect(dialog.getByText('first.png')).toBeVisible();
      await dialog.getByRole('button', { name: 'Add photos' }).click();
      await expect(
        page.getByRole('region', { name: en.uploads.region }).getByText('1 photo added'),
      ).toBeVisible({ timeout: 30_000 });
      if (await dialog.isVisible()) await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      const before = await library(page);

      const panel = page.getByRole('region', { name: en.watch.region });
      await panel.getByRole('button', { name: en.watch.watchFolder }).click();
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
      expect(
        axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
      ).toEqual([]);
      await snap(page, 'desktop-watch-listed-en', { fullPage: false });

      // A photo added later arrives by itself.
      writeFileSync(path.join(folder, 'day 2', 'later.png'), pngImage(900));
      await expect
        .poll(async () => (await library(page)).photos, { timeout: 30_000 })
        .toBe(before.photos + 7);

      // Paused: the row says so and offers Resume.
      await row.getByRole('button', { name: en.watch.pause }).click();
      await expect(row).toContainText(en.watch.state.paused);
      await snap(page, 'desktop-watch-paused-en', { fullPage: false });
      await row.getByRole('button', { name: en.watch.resume }).click();
      await expect(row).toContainText(en.watch.state.watching);

      // Stopped: gone from the list, nothing online removed.
      await row.getByRole('button', { name: en.watch.stop }).click();
      await expect(status).toHaveText(fill(en.watch.stopped, { name: 'Holiday' }));
      await expect(status).toBeFocused();
      await expect(list).toHaveCount(0);
      expect((await library(page)).photos).toBe(before.photos + 7);
      // With the uploads panel closed too, the panel stays to say so until it is closed.
      await page
        .getByRole('region', { name: en.uploads.region })
        .getByRole('button', { name: en.uploads.close })
        .click();
      await expect(status).toBeVisible();
      await panel.getByRole('button', { name: en.uploads.close }).click();
      await expect(panel).toBeHidden();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
