import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { _electron as electron } from '@playwright/test';
import {
  installedElectronBinary,
  MISSING_ELECTRON_REASON,
} from '../../desktop/testing/electron-binary.ts';
import { desktopTexts } from '../fixtures/desktop-harness.ts';
import { expect, test } from '../fixtures/test.ts';

const mainEntry = fileURLToPath(new URL('../../out/main/index.js', import.meta.url));
const electronBinary = installedElectronBinary();

test.describe('desktop app (real Electron)', () => {
  test.skip(
    electronBinary === null,
    `Cannot run the real desktop app here: ${MISSING_ELECTRON_REASON}`,
  );

  test('opens the main window with the app title', async ({ server }, testInfo) => {
    expect(existsSync(mainEntry), `${mainEntry} missing: run \`npm run build:desktop\` first`).toBe(
      true,
    );
    const app = await electron.launch({
      executablePath: electronBinary ?? undefined,
      // --no-sandbox: Chromium refuses to start as root without it.
      // A throw-away profile so stored tokens of a developer's own app do not leak in.
      args: ['--no-sandbox', `--user-data-dir=${testInfo.outputPath('user-data')}`, mainEntry],
      env: { ...process.env, PHOTO_SERVER_URL: `http://localhost:${server.port}` },
    });
    try {
      const window = await app.firstWindow();
      await window.waitForLoadState('domcontentloaded');
      const appName = await app.evaluate(({ app: electronApp }) => electronApp.getName());
      // The window starts with the app name; the renderer then sets `{page title} | {brand}`.
      await expect.poll(() => window.title()).toMatch(/\S/);
      const windowTitle = await app.evaluate(
        ({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getTitle() ?? '',
      );
      expect([appName, await window.title()]).toContain(windowTitle);
      await expect(window.locator('body')).not.toBeEmpty();
    } finally {
      await app.close();
    }
  });

  test('shows the sign-in screen in an isolated window with the one bridge object', async ({
    server,
  }, testInfo) => {
    const app = await electron.launch({
      executablePath: electronBinary ?? undefined,
      args: ['--no-sandbox', `--user-data-dir=${testInfo.outputPath('user-data')}`, mainEntry],
      env: { ...process.env, PHOTO_SERVER_URL: `http://localhost:${server.port}` },
    });
    try {
      const appWindow = await app.firstWindow();
      expect(appWindow.url()).toMatch(/^app:\/\/photo\//);
      await expect(
        appWindow.getByRole('dialog', { name: desktopTexts().signIn.title }),
      ).toBeVisible({
        timeout: 30_000,
      });
      const page = await appWindow.evaluate(() => ({
        bridge: Object.keys((window as unknown as { photoDesktop: object }).photoDesktop).sort(),
        node: typeof (window as unknown as { require?: unknown }).require,
        process: typeof (window as unknown as { process?: unknown }).process,
      }));
      expect(page).toEqual({
        bridge: [
          'auth',
          'downloads',
          'files',
          'getAppInfo',
          'getTexts',
          'openInBrowser',
          'storage',
        ],
        node: 'undefined',
        process: 'undefined',
      });
      // The window never leaves the app's origin.
      await appWindow.evaluate(() => {
        window.location.href = 'https://example.com/';
      });
      await appWindow.waitForTimeout(500);
      expect(appWindow.url()).toMatch(/^app:\/\/photo\//);
    } finally {
      await app.close();
    }
  });
});
