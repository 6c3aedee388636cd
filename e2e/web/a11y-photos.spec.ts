import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { hostRequest } from '../fixtures/http.ts';
import { LOOKS, snap } from '../fixtures/snap.ts';
import { expect, test } from '../fixtures/test.ts';
import { hosts } from '../fixtures/users.ts';

// axe (WCAG 2.1 AA) on the photo views, the preview and their dialogs on the Hofmann brand
// class (photobox-uk and albelli-nl, the other two, are scanned by the sweeps in
// sweeps.spec.ts); the brand in the HTML before any script runs; the favicon.

/** Waits for the first thumbnails and for the menus and tooltips loaded after them. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('photo-tile').first()).toBeVisible();
  await page.waitForTimeout(800);
}

for (const host of [hosts.hofmannEs]) {
  test.describe(`on ${host}`, { tag: LOOKS }, () => {
    test.use({ brandHost: host });

    test('My photos, select mode, the delete-all dialog, an album, a shared album and the preview', async ({
      demoPage: page,
    }) => {
      test.setTimeout(120_000);
      const origin = new URL(page.url()).origin;
      await page.goto(`${origin}/my-photos/photos`);
      await settled(page);
      await expectNoSeriousViolations(page, `${host} My photos`);

      // Select mode with a photo selected: the bar and its actions.
      await page.locator('.page-heading').getByRole('button').nth(2).click();
      await page.getByTestId('photo-tile').first().getByRole('button').first().click();
      await expect(page.getByRole('toolbar')).toBeVisible();
      await expectNoSeriousViolations(page, `${host} select mode`);
      await page.keyboard.press('Escape');

      // The delete-all dialog: the last button of the heading.
      await page.locator('.page-heading').getByRole('button').last().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(300);
      await expectNoSeriousViolations(page, `${host} delete-all dialog`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto(`${origin}/my-photos/albums`);
      await expect(page.getByTestId('albums-grid')).toBeVisible();
      await expectNoSeriousViolations(page, `${host} albums`);
      await page.getByTestId('albums-grid').getByText('Pets', { exact: true }).click();
      await settled(page);
      await expectNoSeriousViolations(page, `${host} album`);

      await page.goto(`${origin}/my-photos/albums`);
      await page.getByTestId('shared-albums-grid').getByTestId('album-tile').first().click();
      await settled(page);
      await expectNoSeriousViolations(page, `${host} shared album`);

      await page.getByTestId('photo-tile').first().getByRole('button').first().click();
      await expect(page.getByTestId('preview-image')).toBeVisible();
      await page.waitForTimeout(500);
      await expectNoSeriousViolations(page, `${host} preview`);
      await snap(page, `a11y-preview-${host}`);
    });
  });
}

test.describe('on a Dutch phone', { tag: LOOKS }, () => {
  test.use({ brandHost: hosts.albelliNl, viewport: { width: 390, height: 844 } });

  test("My photos with its 'More actions' menu open, and with the banner hidden", async ({
    demoPage: page,
  }) => {
    await page.goto(`${new URL(page.url()).origin}/my-photos/photos`);
    await settled(page);
    await page.getByRole('button', { name: 'Meer acties' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.waitForTimeout(300);
    await expectNoSeriousViolations(page, 'My photos on a phone, its menu open');
    await snap(page, 'a11y-photos-phone-menu-nl');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await page.getByTestId('timeline-banner').getByRole('button', { name: 'Verbergen' }).click();
    await expect(page.getByRole('button', { name: "Al je foto's op één plek" })).toBeVisible();
    await expectNoSeriousViolations(page, 'My photos on a phone, the banner hidden');
    await snap(page, 'a11y-photos-phone-nl');
  });
});

test('the HTML of albelli-nl carries its brand before any script runs', async ({ server }) => {
  const config = JSON.parse(
    (await hostRequest(server.port, hosts.albelliNl, '/config.json')).text,
  ) as { Brands: { host: string; themeColor: string; brandLabel: string; locale: string }[] };
  const brand = config.Brands.find((candidate) => candidate.host === hosts.albelliNl)!;
  const page = await hostRequest(server.port, hosts.albelliNl, '/my-photos');
  expect(page.status).toBe(200);
  const head = page.text.slice(0, page.text.indexOf('<script'));
  expect(head).toContain(`<meta name="theme-color" content="${brand.themeColor}"`);
  expect(head).toContain(`<html lang="${brand.locale}"`);
  expect(head).toContain(`| ${brand.brandLabel}</title>`);
  expect(head).toContain('<meta name="robots" content="noindex"');
  expect(head).toContain('<link rel="icon" href="/favicon.ico"');
});

test('the brand is in the page before its scripts ran (JavaScript off)', async ({
  browser,
  brandUrl,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(brandUrl(hosts.albelliNl, '/my-photos'));
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#e8590c');
    await expect(page).toHaveTitle(/\| albelli$/);
  } finally {
    await context.close();
  }
});

test('/favicon.ico is a real icon on every page, the sign-in page too', async ({
  page,
  server,
  brandUrl,
}) => {
  for (const host of [hosts.default, hosts.albelliNl, hosts.hofmannEs]) {
    const icon = await hostRequest(server.port, host, '/favicon.ico');
    expect(icon.status, host).toBe(200);
    // An ICO file: reserved 0, type 1.
    expect(icon.text.charCodeAt(2), host).toBe(1);
  }
  // The sign-in page (the provider's) is on the same origin: its /favicon.ico is the brand's.
  await page.goto(brandUrl(hosts.albelliNl, '/my-photos'));
  await expect(page.locator('input[type="password"]')).toBeVisible({ timeout: 20_000 });
  expect(new URL(page.url()).pathname).toMatch(/^\/oidc\//);
  // (Its content security policy keeps scripts from fetching: the browser asks for the icon.)
  const icon = await page.goto(`${new URL(page.url()).origin}/favicon.ico`);
  const [status, type] = [icon!.status(), icon!.headers()['content-type']];
  expect(status).toBe(200);
  expect(type).toMatch(/^image\//);
});
