import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
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
import { fillLoginPage } from '../fixtures/auth.ts';
import { accountMenuAnyLocale } from '../fixtures/shell.ts';
import { LOOKS, snap } from '../fixtures/snap.ts';
import { expect, test } from '../fixtures/test.ts';
import { businessUser, demoUser, friendUser, hosts } from '../fixtures/users.ts';

const en = desktopTexts('en-GB');
const nl = desktopTexts('nl-NL');

let desktop: DesktopWindow | null = null;
test.afterEach(async () => {
  await desktop?.close();
  desktop = null;
});

/** No serious or critical axe violations on what the window shows now. */
async function expectAccessible(page: Page, what: string, only?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  const results = await (only ? builder.include(only) : builder).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, `serious/critical axe violations on ${what}`).toEqual([]);
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)(?:, number)?\}\}/g, (_m, name: string) => values[name] ?? '');

/** Calls the API from the renderer with the token the bridge hands out, as core does. */
async function rendererFetch(page: Page, route: string, init: { method?: string } = {}) {
  return page.evaluate(
    async ({ route, method }) => {
      const bridge = (
        window as unknown as {
          photoDesktop: { auth: { getAccessToken(): Promise<string | null> } };
        }
      ).photoDesktop;
      const token = await bridge.auth.getAccessToken();
      const response = await fetch(route, {
        method,
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: response.status, json: (await response.json()) as unknown };
    },
    { route, method: init.method ?? 'GET' },
  );
}

test.describe(
  'desktop renderer with the main-process modules behind its bridge',
  { tag: LOOKS },
  () => {
    test('sign-in through the system browser, then sign-out back to the sign-in screen', async ({
      page,
      browser,
      server,
    }) => {
      desktop = await openDesktopWindow(page, { serverUrl: server.origin, browser });
      const screen = page.getByRole('dialog', { name: en.signIn.title });
      await expect(screen).toBeVisible({ timeout: 20_000 });
      await expect(screen.getByRole('heading', { name: en.signIn.title })).toBeFocused();
      await snap(page, 'desktop-sign-in-en');
      await expectAccessible(page, 'the sign-in screen');

      // Cancelling while the browser is open returns to the button.
      const firstTab = desktop.nextBrowserTab();
      await screen.getByRole('button', { name: en.signIn.button }).click();
      await expect(screen.getByText(en.signIn.waiting)).toBeVisible();
      await snap(page, 'desktop-sign-in-waiting-en');
      await firstTab;
      await screen.getByRole('button', { name: en.signIn.cancel }).click();
      await expect(screen.getByRole('button', { name: en.signIn.button })).toBeVisible();

      const browserTab = await signInDesktop(desktop, demoUser);
      // The loopback page speaks the brand's language and its listener is gone.
      await expect(browserTab.locator('html')).toHaveAttribute('lang', 'en-GB');
      await snap(page, 'desktop-signed-in-en');

      // The renderer never holds the refresh token: it gets the access token it asks for.
      const stored = await page.evaluate(
        () => JSON.stringify({ ...localStorage }) + document.cookie,
      );
      expect(stored).not.toMatch(/refresh|eyJ/);

      await page.goto(`${desktop.harness.rendererOrigin}/logout`);
      await expect(page.getByRole('dialog', { name: en.signIn.title })).toBeVisible({
        timeout: 20_000,
      });
      expect(await desktop.harness.invoke('photo:auth:get-access-token', [])).toBeNull();
    });

    test('a browser that never comes back: the window says sign-in timed out and offers it again', async ({
      page,
      browser,
      server,
    }) => {
      desktop = await openDesktopWindow(page, {
        serverUrl: server.origin,
        browser,
        loopbackTimeoutMs: 1500,
      });
      const screen = page.getByRole('dialog', { name: en.signIn.title });
      await screen.getByRole('button', { name: en.signIn.button }).click();
      // The user leaves the browser tab alone.
      await desktop.nextBrowserTab();
      await expect(screen.getByRole('alert')).toHaveText(
        fill(en.signIn.timedOut, { minutes: '1' }),
      );
      await expectAccessible(page, 'the timed-out sign-in screen');
      await expect(screen.getByRole('button', { name: en.signIn.button })).toBeVisible();
      await snap(page, 'desktop-sign-in-timed-out-en');
    });

    test('a Dutch brand host: sign-in screen, loopback page and app in Dutch', async ({
      page,
      browser,
      server,
    }) => {
      desktop = await openDesktopWindow(page, {
        serverUrl: `http://${hosts.albelliNl}:${server.port}`,
        browser,
      });
      await expect(page.getByRole('dialog', { name: nl.signIn.title })).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByRole('button', { name: nl.signIn.button })).toBeVisible();
      await snap(page, 'desktop-sign-in-nl');
      const browserTab = await signInDesktop(desktop, demoUser, 'nl-NL');
      await expect(browserTab.locator('html')).toHaveAttribute('lang', 'nl-NL');
      await expect(page.locator('html')).toHaveAttribute('lang', /^nl/);
      await snap(page, 'desktop-signed-in-nl');
    });

    test('several photos download as an archive saved straight to Downloads, with Show in folder', async ({
      page,
      browser,
      server,
    }) => {
      desktop = await openDesktopWindow(page, { serverUrl: server.origin, browser });
      await signInDesktop(desktop, demoUser);

      // The desktop preference lives on the settings page and in main's settings.json; off, the
      // archive goes straight to Downloads without a dialog.
      await page.goto(`${desktop.harness.rendererOrigin}/settings`);
      const ask = page.getByRole('switch', { name: new RegExp(`^${en.settings.askWhereToSave}`) });
      await ask.check();
      await expect
        .poll(
          async () => (await desktop!.harness.services.settings.load())['desktop.askWhereToSave'],
        )
        .toBe('true');
      await ask.uncheck();
      await expect
        .poll(
          async () => (await desktop!.harness.services.settings.load())['desktop.askWhereToSave'],
        )
        .toBeUndefined();

      await page.goto(`${desktop.harness.rendererOrigin}/my-photos/photos`);
      await expect(page.getByRole('heading', { level: 1, name: 'My photos' })).toBeVisible();
      await expect(page.getByTestId('photo-tile').first()).toBeVisible();
      await page.getByRole('button', { name: 'Select', exact: true }).click();
      const ids: string[] = [];
      for (const index of [0, 2, 5]) {
        const tile = page.getByTestId('photo-tile').nth(index);
        await tile.getByRole('button').first().click();
        ids.push((await tile.getAttribute('data-photo-id'))!);
      }
      await expect(page.getByTestId('selected-count')).toHaveText('3 selected');
      const created = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith('/api/photo/downloads'),
      );
      await page
        .getByRole('region', { name: 'Selected photos' })
        .getByRole('button', { name: 'Download' })
        .click();
      const downloadId = ((await (await created).json()) as { id: string }).id;
      const fileName = `${downloadId}.zip`;

      const panel = page.getByRole('region', { name: en.transfers.region });
      await expect(panel.getByText(fill(en.transfers.saved, { fileName }))).toBeVisible({
        timeout: 30_000,
      });
      // The window as the user sees it (the library page is far taller than the window).
      await snap(page, 'desktop-archive-saved-en', { fullPage: false });
      await expectAccessible(page, 'the transfers panel');
      expect(readdirSync(desktop.downloadsDir)).toEqual([fileName]);
      const zipPath = path.join(desktop.downloadsDir, fileName);
      expect(readFileSync(zipPath).subarray(0, 2).toString()).toBe('PK');
      const entries = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' })
        .trim()
        .split('\n');
      expect(entries).toHaveLength(3);

      // The originals of the selected photos are exactly the zip's entries.
      const entryHashes = entries
        .map((entry) =>
          createHash('sha256')
            .update(execFileSync('unzip', ['-p', zipPath, entry], { maxBuffer: 1 << 28 }))
            .digest('hex'),
        )
        .sort();
      const originalHashes: string[] = [];
      for (const id of ids) {
        const photo = await rendererFetch(page, `/api/photo/photos/${id}`);
        // A signed URL on the server (localhost): fetched from here, as a browser tab would.
        const url = (photo.json as { untouchedUrl: string }).untouchedUrl;
        const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
        originalHashes.push(createHash('sha256').update(bytes).digest('hex'));
      }
      expect(entryHashes).toEqual(originalHashes.sort());

      await panel.getByRole('button', { name: en.transfers.showInFolder }).click();
      await expect.poll(() => desktop!.shownInFolder).toEqual([zipPath]);
    });

    test('the import status arrives over push in the desktop renderer', async ({
      page,
      browser,
      freshServer,
    }) => {
      desktop = await openDesktopWindow(page, { serverUrl: freshServer.origin, browser });
      await signInDesktop(desktop, businessUser);
      // The push URL of the renderer's config is absolute: app://photo cannot open a relative one.
      const config = await page.evaluate(async () => (await fetch('/config.json')).json());
      const pushUrl = (config as { PhotoManagementPushWebSocketUrl: string })
        .PhotoManagementPushWebSocketUrl;
      expect(pushUrl).toBe(`ws://localhost:${freshServer.port}/push`);

      // Listen as core's push client does (authenticate, wait for OK), then start the import.
      await page.evaluate(async (url) => {
        const bridge = (
          window as unknown as {
            photoDesktop: { auth: { getAccessToken(): Promise<string | null> } };
          }
        ).photoDesktop;
        const token = await bridge.auth.getAccessToken();
        const seen: string[] = [];
        (window as unknown as { __importTypes: string[] }).__importTypes = seen;
        await new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(url);
          socket.onerror = () => reject(new Error('push socket failed'));
          socket.onopen = () => socket.send(JSON.stringify({ action: 'authenticate', token }));
          socket.onmessage = (event) => {
            if (event.data === 'OK') return resolve();
            const message = JSON.parse(String(event.data)) as { type?: string };
            if (message.type) seen.push(message.type);
          };
        });
      }, pushUrl);
      const started = await rendererFetch(page, '/api/photo/users/activate', { method: 'POST' });
      expect(started).toEqual({ status: 200, json: { started: true } });
      await expect
        .poll(
          () =>
            page.evaluate(() => (window as unknown as { __importTypes: string[] }).__importTypes),
          {
            timeout: 30_000,
          },
        )
        .toEqual(expect.arrayContaining(['import started', 'import finished']));
    });

    test('a folder uploads from disk with per-file states and progress into the library; a refused file is fixed and sent again with Retry failed', async ({
      page,
      browser,
      freshServer,
    }) => {
      const folder = mkdtempSync(path.join(tmpdir(), 'photo-folder-'));
      try {
        mkdirSync(path.join(folder, 'day 2'));
        for (let i = 0; i < 12; i += 1)
          writeFileSync(
            path.join(folder, i < 6 ? '' : 'day 2', `holiday-${i}.png`),
            pngImage(500 + i),
          );
        writeFileSync(path.join(folder, 'notes.txt'), 'not a photo');
        // A JPEG by its first bytes (the picker takes it), noise after: the server refuses it.
        const broken = path.join(folder, 'broken.jpg');
        writeFileSync(
          broken,
          Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), Buffer.alloc(3000, 0x5a)]),
        );
        desktop = await openDesktopWindow(page, {
          serverUrl: freshServer.origin,
          browser,
          openDialogPaths: () => [folder],
        });
        await signInDesktop(desktop, demoUser);
        const before = await rendererFetch(page, '/api/photo/users');
        const count = (before.json as { photosCount: number }).photosCount;

        await page.goto(`${desktop.harness.rendererOrigin}/my-photos/photos`);
        await page.getByRole('button', { name: 'Add photos' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Add photos' });
        await dialog.getByRole('button', { name: 'Choose a folder' }).click();
        await expect(dialog.getByText('holiday-11.png')).toBeVisible();
        await expect(dialog.getByText('broken.jpg')).toBeVisible();
        await expect(dialog.getByText('notes.txt')).toHaveCount(0);
        await snap(page, 'desktop-folder-picked-en', { fullPage: false });
        // States and progress lines can pass faster than an assertion polls: record each shown.
        await page.evaluate(() => {
          const seen = new Set<string>();
          (window as unknown as { __seen: Set<string> }).__seen = seen;
          new MutationObserver(() => {
            const panel = document.querySelector('#desktop-ui section');
            for (const line of (panel as HTMLElement | null)?.innerText.split('\n') ?? [])
              seen.add(line.replace(/\d+/g, 'n'));
          }).observe(document.body, { subtree: true, childList: true, characterData: true });
        });
        await dialog.getByRole('button', { name: 'Add photos' }).click();

        // The desktop's uploads panel: main's queue, file by file.
        const panel = page.getByRole('region', { name: en.uploads.region });
        const files = panel.getByRole('list', { name: en.uploads.listLabel });
        // The web's outcome toast in the same words.
        await expect(
          panel.getByText('12 photos added · 1 photo could not be added: please try again'),
        ).toBeVisible({ timeout: 30_000 });
        await expect(files.getByRole('listitem')).toHaveCount(13);
        await expect(files.getByRole('listitem').filter({ hasText: 'broken.jpg' })).toContainText(
          en.uploads.failure.refused,
        );
        await expect(
          files.getByRole('listitem').filter({ hasText: 'holiday-3.png' }),
        ).toContainText(en.uploads.status.done);
        const seen = await page.evaluate(() => [
          ...(window as unknown as { __seen: Set<string> }).__seen,
        ]);
        expect(seen).toContain(fill(en.uploads.running, { settled: 'n', total: 'n' }));
        // The dialog says so too; closed, the panel stays with the queue (it sits under dialogs).
        await expect(dialog.getByRole('button', { name: 'Retry failed' })).toBeVisible();
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
        await expectAccessible(page, 'the uploads panel', '#desktop-ui');
        await snap(page, 'desktop-uploads-failed-en', { fullPage: false });

        // Fixed on disk, then "Retry failed": the file is checked again and sent.
        writeFileSync(broken, pngImage(777));
        await panel.getByRole('button', { name: en.uploads.retryFailed }).click();
        await expect(panel.getByText('13 photos added')).toBeVisible({ timeout: 30_000 });
        await expect(panel.getByRole('button', { name: en.uploads.retryFailed })).toHaveCount(0);
        const after = await rendererFetch(page, '/api/photo/users');
        expect((after.json as { photosCount: number }).photosCount).toBe(count + 13);

        // Close forgets the finished queue.
        await panel.getByRole('button', { name: en.uploads.close }).click();
        await expect(panel).toBeHidden();
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });

    test('exports the library to a folder picked once: every original as YYYY/MM/<name>, then Show in folder', async ({
      page,
      browser,
      freshServer,
    }) => {
      const folder = mkdtempSync(path.join(tmpdir(), 'photo-export-'));
      try {
        desktop = await openDesktopWindow(page, {
          serverUrl: freshServer.origin,
          browser,
          openDialogPaths: () => [folder],
        });
        await signInDesktop(desktop, friendUser);
        const library = await rendererFetch(page, '/api/photo/users');
        const count = (library.json as { photosCount: number }).photosCount;
        expect(count).toBeGreaterThan(0);

        // The dock's button floats over the page; the page's end stays clear of it, so the
        // footer's last line scrolls out from under it.
        const opener = page.getByRole('button', { name: en.export.open });
        await expect(opener).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const footerEnd = await page.getByRole('contentinfo').boundingBox();
        const dockTop = (await opener.boundingBox())!.y;
        expect(footerEnd!.y + footerEnd!.height).toBeLessThanOrEqual(dockTop);

        await opener.click();
        const panel = page.getByRole('region', { name: en.export.region });
        await expect(panel.getByRole('heading', { name: en.export.region })).toBeFocused();
        await panel.getByRole('button', { name: en.export.chooseFolder }).click();
        await expect(panel.getByRole('status')).toHaveText(
          fill(en.export.phase.upToDate, { done: String(count) }),
          { timeout: 60_000 },
        );
        await expect(
          panel.getByText(fill(en.export.folder, { name: path.basename(folder) })),
        ).toBeVisible();
        const files = readdirSync(folder, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && !entry.name.startsWith('.photo-export'))
          .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
        expect(files).toHaveLength(count);
        for (const file of files) expect(file).toMatch(/^\d{4}[/\\]\d{2}[/\\][^/\\]+$/);
        await snap(page, 'desktop-export-en', { fullPage: false });
        await expectAccessible(page, 'the export panel', '#desktop-ui');

        // "Also make a folder per album": each own album's photos of the library (not those
        // others added to an album shared by this customer) under Albums/<name>/.
        const changes = await rendererFetch(page, '/api/photo/photos/changes?limit=500');
        const inLibrary = new Set(
          (changes.json as { added: { id: string }[] }).added.map((photo) => photo.id),
        );
        expect(inLibrary.size).toBe(count);
        const albums = await rendererFetch(page, '/api/photo/albums');
        const own: { albumName: string; photosCount: number }[] = [];
        for (const album of (albums.json as { albums: { albumId: string; albumName: string }[] })
          .albums) {
          const photos = await rendererFetch(page, `/api/photo/albums/${album.albumId}/photos`);
          const mine = (photos.json as { images: { imageId: string }[] }).images.filter((photo) =>
            inLibrary.has(photo.imageId),
          );
          if (mine.length > 0) own.push({ albumName: album.albumName, photosCount: mine.length });
        }
        expect(own.length).toBeGreaterThan(0);
        const albumFolders = panel.getByRole('checkbox', { name: en.export.albumFolders });
        await expect(albumFolders).not.toBeChecked();
        await albumFolders.check();
        await expect(albumFolders).toBeChecked();
        for (const album of own)
          await expect
            .poll(
              () => {
                const albumFolder = path.join(folder, 'Albums', album.albumName);
                if (!existsSync(albumFolder)) return 0;
                return readdirSync(albumFolder, { withFileTypes: true }).filter((entry) =>
                  entry.isFile(),
                ).length;
              },
              { timeout: 30_000 },
            )
            .toBe(album.photosCount);
        await expect(panel.getByRole('status')).toHaveText(
          fill(en.export.phase.upToDate, { done: String(count) }),
        );

        await panel.getByRole('button', { name: en.export.showInFolder }).click();
        await expect.poll(() => desktop!.shownInFolder).toEqual([folder]);
        await panel.getByRole('button', { name: en.export.close }).click();
        await expect(page.getByRole('button', { name: en.export.open })).toBeFocused();
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });

    test('without OS encryption the window says sign-in lasts until the app closes', async ({
      page,
      browser,
      server,
    }) => {
      desktop = await openDesktopWindow(page, {
        serverUrl: server.origin,
        browser,
        safeStorage: 'unavailable',
      });
      await expect(page.getByRole('status').filter({ hasText: en.tokensInMemory })).toBeVisible({
        timeout: 20_000,
      });
      await expectAccessible(page, 'the in-memory notice');
    });
  },
);

test.describe('desktop renderer at phone width', { tag: LOOKS }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('sign-in screen and signed-in app, English and Dutch', async ({
    context,
    browser,
    server,
  }) => {
    for (const [host, locale, texts] of [
      [hosts.default, 'en', en],
      [hosts.albelliNl, 'nl', nl],
    ] as const) {
      // A window of its own per brand (the bridge binds once per page).
      const page = await context.newPage();
      desktop = await openDesktopWindow(page, {
        serverUrl: `http://${host}:${server.port}`,
        browser,
      });
      await expect(page.getByRole('dialog', { name: texts.signIn.title })).toBeVisible({
        timeout: 20_000,
      });
      await snap(page, `desktop-sign-in-${locale}`);
      const tab = desktop.nextBrowserTab();
      await page.getByRole('button', { name: texts.signIn.button }).click();
      await fillLoginPage(await tab, demoUser);
      await expect(accountMenuAnyLocale(page)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('dialog', { name: texts.signIn.title })).toBeHidden();
      await snap(page, `desktop-signed-in-${locale}`);
      await desktop.close();
      desktop = null;
    }
  });
});
