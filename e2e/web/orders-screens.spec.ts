import { demoOrderCode } from '@photo/server/src/seed/orders.ts';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';
import { LOOKS, snap } from '../fixtures/snap.ts';
import { businessUser, demoUser } from '../fixtures/users.ts';

// The order area's screens at 390×844 and 1280×800, in en-GB (localhost) and nl-NL
// (albelli-nl): each is checked to have rendered in its language with no spinner left, and in
// `npm run test:looks` photographed for people to look at (e2e/screenshots/, not compared).

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** A widget card: the list item that links to its order (the side menu's items do not). */
const widgetCard = (page: Page) =>
  page
    .getByRole('listitem')
    .filter({ has: page.locator('a[href*="/orders/"]') })
    .first();

const brands = [
  { host: 'localhost', locale: 'en-GB' },
  { host: 'albelli-nl.localhost', locale: 'nl-NL' },
] as const;

for (const { host, locale } of brands) {
  test(
    `consumer screens in ${locale}`,
    { tag: LOOKS },
    async ({ page, openSignedIn, brandUrl }) => {
      test.setTimeout(120_000);
      await openSignedIn(page, { ...demoUser, host });
      const order = demoOrderCode('demo', 'paymentSuccess');
      const screens: Array<[string, string, () => Promise<void>]> = [
        ['overview', '/', async () => {}],
        ['orders', '/orders', async () => {}],
        ['orders-history', '/orders?order_state=history&page=2', async () => {}],
        ['order-detail', `/orders/${order}`, async () => {}],
        [
          'order-address-form',
          `/orders/${order}`,
          async () => {
            await page
              .getByRole('button', { name: /./ })
              .filter({ hasText: /address|adres/i })
              .first()
              .click();
            await expect(page.getByRole('radiogroup')).toBeVisible();
          },
        ],
        ['order-not-found', '/orders/NOPE1', async () => {}],
        ['downloads', '/downloads', async () => {}],
        ['online-products', '/online-products', async () => {}],
        ['online-product', `/online-products/${order}-1`, async () => {}],
        ['saved-projects', '/saved-projects', async () => {}],
        ['widgets', '/widgets', async () => {}],
        [
          'widget-share',
          '/widgets',
          async () => {
            await widgetCard(page).getByRole('button').first().click();
            await expect(page.getByRole('dialog')).toBeVisible();
          },
        ],
        [
          'widget-gallery',
          '/widgets',
          async () => {
            const gallery = widgetCard(page).getByRole('button').nth(1);
            await gallery.click();
            await expect(gallery).toHaveAttribute('aria-expanded', 'true');
          },
        ],
      ];
      for (const viewport of viewports) {
        await page.setViewportSize(viewport);
        for (const [name, path, prepare] of screens) {
          await page.goto(brandUrl(host, path));
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          // Loaded: no spinner left in the page.
          await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
          await prepare();
          await snap(page, `orders-${name}-${locale}`);
        }
      }
    },
  );

  test(
    `business screens in ${locale}`,
    { tag: LOOKS },
    async ({ page, openSignedIn, brandUrl }) => {
      await openSignedIn(page, { ...businessUser, host });
      for (const viewport of viewports) {
        await page.setViewportSize(viewport);
        for (const [name, path] of [
          ['invoices', '/invoices'],
          ['business-overview', '/'],
          ['business-orders', '/orders'],
        ] as const) {
          await page.goto(brandUrl(host, path));
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
          await snap(page, `orders-${name}-${locale}`);
        }
      }
    },
  );
}
