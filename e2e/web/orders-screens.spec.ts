import { demoOrderCode } from '@photo/server/src/seed/orders.ts';
import type { Page } from '@playwright/test';
import { twoFrames } from '../fixtures/in-app.ts';
import { test, expect } from '../fixtures/test.ts';
import { LOOKS, snap } from '../fixtures/snap.ts';
import { businessUser, demoUser } from '../fixtures/users.ts';

// The order area's screens at 390×844 and 1280×800 (the orders and invoices also at 320×640),
// in en-GB (localhost) and nl-NL (albelli-nl): each is checked to have rendered in its language
// with no spinner left and nothing sticking out sideways, and in `npm run test:looks`
// photographed for people to look at (e2e/screenshots/, not compared).

/** The screens also taken at 320 px: those of the orders and invoices (the narrowest phone). */
const narrowScreens = new Set([
  'orders',
  'orders-history',
  'order-detail',
  'order-pay-now',
  'order-payment-failed',
  'order-cancelled',
  'order-delayed',
  'invoices',
  'business-orders',
]);

const viewports = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** A widget card: the list item that links to its order (the side menu's items do not). */
const widgetCard = (page: Page) =>
  page
    .getByRole('listitem')
    .filter({ has: page.locator('a[href*="/orders/"]') })
    .first();

/**
 * Each screen is loaded once and looked at in every width by resizing the window, as a
 * customer's can be (a load per width was most of these tests' time); the layout that follows a
 * resize is the one drawn two frames later.
 */
async function resize(page: Page, viewport: (typeof viewports)[number]): Promise<void> {
  await page.setViewportSize(viewport);
  await twoFrames(page);
}

/** Nothing sticks out sideways (soft, so one run names every screen that does). */
async function expectFits(page: Page, name: string) {
  const extra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(extra, `${name} at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(0);
}

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
        // The states a customer acts on (docs/product.md#states "What a customer can do").
        ['order-pay-now', `/orders/${demoOrderCode('demo', 'paymentPending')}`, async () => {}],
        [
          'order-payment-failed',
          `/orders/${demoOrderCode('demo', 'paymentFailed')}`,
          async () => {},
        ],
        ['order-cancelled', `/orders/${demoOrderCode('demo', 'cancelled')}`, async () => {}],
        ['order-delayed', `/orders/${demoOrderCode('demo', 'created31Days')}`, async () => {}],
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
      for (const [name, path, prepare] of screens) {
        await resize(page, viewports[2]);
        await page.goto(brandUrl(host, path));
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        // Loaded: no spinner left in the page.
        await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
        await prepare();
        for (const viewport of viewports.toReversed()) {
          if (viewport.width === 320 && !narrowScreens.has(name)) continue;
          await resize(page, viewport);
          await expectFits(page, name);
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
      for (const [name, path] of [
        ['invoices', '/invoices'],
        ['business-overview', '/'],
        ['business-orders', '/orders'],
      ] as const) {
        await resize(page, viewports[2]);
        await page.goto(brandUrl(host, path));
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
        for (const viewport of viewports.toReversed()) {
          if (viewport.width === 320 && !narrowScreens.has(name)) continue;
          await resize(page, viewport);
          await expectFits(page, name);
          await snap(page, `orders-${name}-${locale}`);
        }
      }
    },
  );
}
