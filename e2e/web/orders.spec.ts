import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { demoOrderCode, seedOrderHistory } from '@photo/server/src/seed/orders.ts';
import { demoUserId } from '@photo/server/src/seed/users.ts';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/test.ts';
import { hostRequest } from '../fixtures/http.ts';
import { accountMenu } from '../fixtures/shell.ts';
import { brandUrlFor } from '../fixtures/auth.ts';
import { text } from '../fixtures/locale-texts.ts';
import { businessUser, demoUser } from '../fixtures/users.ts';

// The order area end to end against the seeded reference server: order lists and their query
// string, an order's detail, reorder, the delivery-address change, invoice PDFs, saved projects
// and widget shares (docs/product.md#screens, #states).

/** The text of every page of a PDF, read with PDF.js: a file that does not parse throws. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}

test.describe('orders', () => {
  test('tabs and paging keep order_state and page in the query string', async ({
    demoPage: page,
    brandUrl,
  }) => {
    await page.goto(brandUrl('localhost', '/orders'));
    const inProgress = page.getByRole('tab', { name: /^In progress \(\d+\)$/ });
    await expect(inProgress).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: /^Order PB/ }).first()).toBeVisible();
    const history = page.getByRole('tab', { name: /^History \(\d+\)$/ });
    await history.click();
    await expect(page).toHaveURL(/[?&]order_state=history&page=1$/);
    // docs/product.md#focus: the new page starts at its top with focus on the page's heading.
    await page.setViewportSize({ width: 1280, height: 500 });
    // The history panel's own Next (the address changes a moment before the tab re-renders, and
    // a focused "Next page" of the in-progress panel would vanish under the keyboard).
    const next = page
      .getByRole('tabpanel', { name: /^History/ })
      .getByRole('button', { name: 'Next page' });
    await next.press('Enter');
    await expect(page).toHaveURL(/[?&]order_state=history&page=2$/);
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    const heading = page.getByRole('heading', { level: 1, name: 'My orders' });
    await expect(heading).toBeFocused();
    await expect
      .poll(() => heading.evaluate((node) => node.getBoundingClientRect().top))
      .toBeLessThan(100);
    await expect(heading).toBeInViewport();
    const secondPage = await page.getByRole('link', { name: /^Order PB/ }).allTextContents();
    await page.reload();
    await expect(history).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    expect(await page.getByRole('link', { name: /^Order PB/ }).allTextContents()).toEqual(
      secondPage,
    );
    // The menu link leads back to the default list.
    await accountMenu(page).getByRole('link', { name: 'My orders' }).click();
    await expect(inProgress).toHaveAttribute('aria-selected', 'true');
  });

  test('more than 100 orders: the list is usable with the first page and nothing moves when the rest arrives', async ({
    page,
    freshServer,
    openSignedIn,
  }) => {
    // docs/product.md#screens "My orders": 150 more orders over two years, two API pages more.
    await seedOrderHistory(freshServer.app.deps, demoUserId('demo'), {
      count: 150,
      years: 2,
      prefix: 'BH',
    });
    await openSignedIn(page, { ...demoUser, host: 'localhost', server: freshServer });
    // The pages after the first are held back until the customer has used the list.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/v2\/superorders\/me\?/, async (route) => {
      if (new URL(route.request().url()).searchParams.get('Offset') !== '0') await held;
      await route.continue();
    });
    const url = brandUrlFor(freshServer.port, 'localhost', '/orders?order_state=history&page=1');
    await page.goto(url);
    const history = page.getByRole('tab', { name: /^History \(\d+\)$/ });
    await expect(history).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.getByRole('status').filter({ hasText: 'Loading more orders…' }),
    ).toBeVisible();
    const count = await history.textContent();
    const links = page.getByRole('link', { name: /^Order / });
    const first = await links.first().textContent();
    const total = Number(/\((\d+)\)/.exec(count!)![1]);
    expect(total).toBeGreaterThan(100);

    // Usable meanwhile: the next page by keyboard, focus on the heading, and back.
    await page.getByRole('button', { name: 'Next page' }).press('Enter');
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeFocused();
    await expect(links).toHaveCount(10);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();

    release();
    await expect(page.getByRole('status')).toHaveText('');
    await expect(links.first()).toHaveText(first!);
    await expect(history).toHaveText(count!);
    // The count was the full one: the last page holds what it leaves over.
    const pages = Math.ceil(total / 10);
    await page.goto(url.replace('page=1', `page=${pages}`));
    await expect(page.getByText(`Page ${pages} of ${pages}`)).toBeVisible();
    await expect(links).toHaveCount(total - (pages - 1) * 10);
  });

  test('the cancelled order is red, the 31-day order is history, the 29-day one in progress', async ({
    demoPage: page,
    brandUrl,
  }) => {
    await page.goto(brandUrl('localhost', '/orders?order_state=inProgress&page=1'));
    const links = page.getByRole('link', { name: /^Order PB/ });
    await expect(links.first()).toBeVisible();
    const inProgress = await links.allTextContents();
    const nextPage = page.getByRole('button', { name: 'Next page' });
    if (await nextPage.isVisible()) {
      await nextPage.click();
      await expect(page.getByText(/^Page 2 of/)).toBeVisible();
      inProgress.push(...(await links.allTextContents()));
    }
    expect(inProgress).toContain(`Order ${demoOrderCode('demo', 'created29Days')}`);
    expect(inProgress).toContain(`Order ${demoOrderCode('demo', 'dispatchedPayment13Days')}`);
    expect(inProgress).not.toContain(`Order ${demoOrderCode('demo', 'created31Days')}`);
    expect(inProgress).not.toContain(`Order ${demoOrderCode('demo', 'dispatchedPayment15Days')}`);

    // The cancelled order (12 days old) is in progress too, on one of the list's pages.
    const code = demoOrderCode('demo', 'cancelled');
    let pageNumber = 1;
    await page.goto(brandUrl('localhost', '/orders?order_state=inProgress&page=1'));
    while ((await page.getByRole('link', { name: `Order ${code}` }).count()) === 0) {
      pageNumber += 1;
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page.getByText(new RegExp(`^Page ${pageNumber} of`))).toBeVisible();
    }
    const cancelled = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: `Order ${code}` }) });
    const badge = cancelled.locator('[data-status="Cancelled"]');
    await expect(badge).toHaveText('Cancelled');
    const colour = await badge.evaluate((node) => getComputedStyle(node).color);
    // Mantine's red, not its cyan.
    const [r, g, b] = colour.match(/\d+/g)!.map(Number);
    expect(r).toBeGreaterThan(g! + 60);
    expect(r).toBeGreaterThan(b! + 60);
  });

  test('detail → reorder opens the shop URL outside the app', async ({
    demoPage: page,
    brandUrl,
  }) => {
    const code = demoOrderCode('demo', 'dispatchedPayment15Days');
    await page.goto(brandUrl('localhost', `/orders/${code}`));
    await expect(page.getByRole('heading', { level: 1, name: `Order ${code}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Products' }).getByRole('row')).toHaveCount(3);
    await expect(page.getByText('Pick-up point', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Expected delivery between /)).toBeVisible();
    // The shop is not on this machine: answer it so the new tab loads.
    await page
      .context()
      .route(/^https:\/\//, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>shop</title>' }),
      );
    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Reorder' }).click();
    const shop = await popup;
    await shop.waitForLoadState('domcontentloaded');
    const shopUrl = new URL(shop.url());
    expect(shopUrl.protocol).toBe('https:');
    expect(shopUrl.toString()).toContain(code);
    await shop.close();

    const discontinued = demoOrderCode('demo', 'discontinuedArticle');
    await page.goto(brandUrl('localhost', `/orders/${discontinued}`));
    await expect(
      page.getByText('This product is no longer available, so it cannot be reordered.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reorder' })).toHaveCount(0);
  });

  test('unknown order: Order not found', async ({ demoPage: page, brandUrl }) => {
    await page.goto(brandUrl('localhost', '/orders/NOPE1'));
    await expect(page.getByText('Order not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to my orders' })).toBeVisible();
  });

  test('delivery address change: a failure keeps the form, then the change is saved', async ({
    demoPage: page,
    brandUrl,
  }) => {
    const code = demoOrderCode('demo', 'paymentSuccess');
    await page.goto(brandUrl('localhost', `/orders/${code}`));
    // By keyboard (docs/product.md#focus): the open form starts at its first field, Cancel goes
    // back to the button, an answer takes focus.
    const change = page.getByRole('button', { name: 'Change delivery address' });
    await change.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('radio', { checked: true })).toBeFocused();
    await page.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await expect(change).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByRole('radio', { name: 'Home delivery' }).check();
    await page.getByRole('textbox', { name: 'Street', exact: true }).fill('Downing Street');
    await page.getByRole('textbox', { name: 'House number' }).fill('10');
    await page.getByRole('textbox', { name: 'Postal code' }).fill('not a code');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Postal Code must be valid')).toBeVisible();
    await page.getByRole('textbox', { name: 'Postal code' }).fill('SW1A 2AA');

    let failed = false;
    await page.route('**/deliveryAddress', async (route) => {
      if (failed) return route.continue();
      failed = true;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"statusCode":500,"error":"Internal Server Error","message":"down"}',
      });
    });
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'The delivery address could not be changed. Please check the address and try again.',
    );
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Street', exact: true })).toHaveValue(
      'Downing Street',
    );

    await page.getByRole('button', { name: 'Save address' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toContainText('The delivery address has been changed.');
    await expect(page.getByRole('status')).toBeFocused();
    await expect(page.getByText('Downing Street 10')).toBeVisible();
    await expect(page.getByText('Home delivery', { exact: true })).toBeVisible();
  });

  test('delivery address change of an order in production is sent as a request', async ({
    demoPage: page,
    brandUrl,
  }) => {
    const code = demoOrderCode('demo', 'productionDelayed');
    await page.goto(brandUrl('localhost', `/orders/${code}`));
    await page.getByRole('button', { name: 'Change delivery address' }).click();
    await page.getByRole('textbox', { name: 'City' }).fill('Manchester');
    await page.getByRole('textbox', { name: 'Postal code' }).fill('M1 1AE');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByRole('status')).toContainText('Your request has been sent.');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('Delivery change in progress')).toBeVisible();
    await expect(
      page.getByText('A change of delivery address has been requested and will be applied soon.'),
    ).toBeVisible();
  });
});

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Sideways overflow of the page: its extra width in px (0 when it fits). */
const extraWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Texts of every badge that is cut (its text wider or taller than the badge shows). */
const cutBadges = (page: Page) =>
  page
    .locator('.mantine-Badge-label')
    .evaluateAll((labels) =>
      labels
        .filter(
          (label) =>
            label.scrollWidth > label.clientWidth + 1 ||
            label.getBoundingClientRect().right > window.innerWidth,
        )
        .map((label) => label.textContent),
    );

test.describe('orders on a 320 px phone', () => {
  for (const { host, locale, payment, country, prints } of [
    {
      host: 'localhost',
      locale: 'en-GB',
      payment: 'https://www.photobox.co.uk/checkout/payment',
      country: 'United Kingdom',
      prints: 'Photo prints 10×15',
    },
    {
      host: 'albelli-nl.localhost',
      locale: 'nl-NL',
      payment: 'https://www.albelli.nl/bestellen/betalen',
      country: 'Verenigd Koninkrijk',
      prints: 'Fotoafdrukken 10×15',
    },
  ] as const) {
    test(`states a customer can act on, as cards that fit, in ${locale}`, async ({
      page,
      openSignedIn,
      brandUrl,
    }) => {
      const t = (key: string) => text(locale, key);
      await openSignedIn(page, { ...demoUser, host });
      await page.setViewportSize({ width: 320, height: 720 });

      // A failed payment: red label with its sentence, and Pay now to the brand's payment page.
      const failed = demoOrderCode('demo', 'paymentFailed');
      await page.goto(brandUrl(host, `/orders/${failed}`));
      const main = page.locator('main');
      await expect(main.locator('[data-tone="failed"]').first()).toHaveText(
        t('orders.label.paymentFailed'),
      );
      await expect(main.getByText(t('orders.note.paymentFailed'))).toBeVisible();
      const payNow = main.getByRole('link', {
        name: t('orders.payNowFor').replace('{{orderCode}}', failed),
      });
      await expect(payNow).toHaveText(t('orders.payNow'));
      await expect(payNow).toHaveAttribute('href', `${payment}?orderCode=${failed}`);
      // The products are cards: the product in the brand's language, its price on screen.
      const products = main.getByRole('list', { name: t('orders.products') });
      await expect(products.getByRole('listitem')).toHaveCount(1);
      await expect(products.getByText(prints)).toBeVisible();
      await expect(
        products.getByRole('term').filter({ hasText: t('orders.columns.price') }),
      ).toBeVisible();
      await expect(main.getByRole('table')).toHaveCount(0);
      // The delivery country by name, in the page's language.
      await expect(main.locator('address')).toContainText(country);
      expect(await extraWidth(page)).toBeLessThanOrEqual(0);
      expect(await cutBadges(page)).toEqual([]);

      // Cancelled: over, and nothing to pay.
      await page.goto(brandUrl(host, `/orders/${demoOrderCode('demo', 'cancelled')}`));
      await expect(main.getByText(t('orders.note.cancelled'))).toBeVisible();
      await expect(main.getByRole('link', { name: t('orders.payNow') })).toHaveCount(0);

      // Six weeks old and still in production: delayed, past its delivery window.
      await page.goto(brandUrl(host, `/orders/${demoOrderCode('demo', 'created31Days')}`));
      await expect(main.locator('[data-tone="delayed"]').first()).toHaveText(
        t('orders.label.delayed'),
      );
      const [before, after] = t('orders.note.delayedSince').split('{{date}}');
      await expect(main.locator('[data-note="delayed"]')).toHaveText(
        new RegExp(`^${escape(before!)}.+${escape(after!)}$`),
      );
      expect(await extraWidth(page)).toBeLessThanOrEqual(0);
      expect(await cutBadges(page)).toEqual([]);

      // The list: every badge whole, nothing sideways.
      await page.goto(brandUrl(host, '/orders'));
      await expect(
        main.getByRole('link', { name: t('orders.payNowFor').replace('{{orderCode}}', failed) }),
      ).toBeVisible();
      expect(await extraWidth(page)).toBeLessThanOrEqual(0);
      expect(await cutBadges(page)).toEqual([]);
    });
  }

  test('invoices are cards with the invoice number on one line', async ({
    page,
    openSignedIn,
    brandUrl,
  }) => {
    await openSignedIn(page, { ...businessUser, host: 'albelli-nl.localhost' });
    await page.setViewportSize({ width: 320, height: 720 });
    await page.goto(brandUrl('albelli-nl.localhost', '/invoices'));
    const cards = page.getByRole('list', { name: text('nl-NL', 'shell.invoices.title') });
    const first = cards.getByRole('listitem').first();
    const number = first.getByText(/^INV-AL\d+$/);
    await expect(number).toBeVisible();
    const { height } = (await number.boundingBox())!;
    const lineHeight = await number.evaluate((node) =>
      parseFloat(getComputedStyle(node).lineHeight),
    );
    expect(height).toBeLessThan(lineHeight * 1.5);
    await expect(first.getByRole('button', { name: /INV-AL/ }).first()).toBeInViewport();
    expect(await extraWidth(page)).toBeLessThanOrEqual(0);
  });
});

test.describe('invoices', () => {
  test('an invoice PDF downloads, opens in PDF.js and shows the order and its total', async ({
    businessPage: page,
    brandUrl,
  }) => {
    await page.goto(brandUrl('localhost', '/invoices'));
    const row = page.getByRole('row').nth(1);
    await expect(row).toBeVisible();
    // As shown: the date repeated under the number for phones is hidden at this width.
    const [number, order, , total] = await row.getByRole('cell').allInnerTexts();
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download invoice ${number} as PDF` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${number}.pdf`);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain(order!);
    // The page shows en-GB money, the PDF the brand's locale: compare the digits.
    const digits = (value: string) => value.replace(/[^\d]/g, '');
    expect(digits(text)).toContain(digits(total!));
  });

  test('a consumer has no invoices page', async ({ demoPage: page, brandUrl }) => {
    await page.goto(brandUrl('localhost', '/invoices'));
    await expect(page).toHaveURL(brandUrl('localhost', '/'));
  });
});

test.describe('saved projects', () => {
  test('pages of 10; a failed delete marks the project and keeps it, a second try removes it', async ({
    demoPage: page,
    brandUrl,
  }) => {
    await page.goto(brandUrl('localhost', '/saved-projects'));
    const cards = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Delete / }) });
    await expect(cards).toHaveCount(10);
    await expect(page.getByText(/^Page 1 of [2-9]$/)).toBeVisible();
    const name = (await cards.first().getByRole('paragraph').first().textContent())!;

    let failed = false;
    await page.route('**/api/projects/api/v2/project/*', async (route) => {
      if (failed || route.request().method() !== 'DELETE') return route.continue();
      failed = true;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"statusCode":503,"error":"Service Unavailable","message":"try later"}',
      });
    });
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(cards.first().getByRole('alert')).toHaveText(
      'This project could not be deleted. Please try again.',
    );
    // docs/product.md#focus: the failure has focus, not the page's body.
    await expect(cards.first().getByRole('alert')).toBeFocused();
    await expect(cards.first()).toContainText(name);

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(name, { exact: true })).toHaveCount(0);
    await expect(cards).toHaveCount(10);
  });
});

test.describe('widgets', () => {
  test('share by e-mail sends the recipient base64-encoded and the mail arrives', async ({
    demoPage: page,
    brandUrl,
    server,
  }) => {
    await page.goto(brandUrl('localhost', '/widgets'));
    // The order link inside the card's line of text is underlined (docs/product.md#focus).
    await expect(page.getByRole('link', { name: /^Order PB/ }).first()).toHaveCSS(
      'text-decoration-line',
      'underline',
    );
    const share = page.getByRole('button', { name: /^Share .+ by e-mail$/ }).first();
    await share.click();
    const dialog = page.getByRole('dialog');
    const recipient = `friend+${Date.now()}@example.com`;
    await dialog.getByLabel('Your name').fill('Alex');
    await dialog.getByLabel("Recipient's e-mail address").fill(recipient);
    await dialog.getByLabel('Personal message').fill('Look at our holiday book!');
    const sent = page.waitForRequest((request) => request.url().includes('/share?'));
    await dialog.getByRole('button', { name: 'Send e-mail' }).focus();
    await page.keyboard.press('Enter');
    const query = new URL((await sent).url()).searchParams;
    expect(query.get('toEmailAddress')).toBe(Buffer.from(recipient).toString('base64'));
    expect(query.get('fromName')).toBe('Alex');
    expect(query.get('vendorId')).toBeTruthy();
    await expect(dialog.getByRole('status')).toHaveText(
      `Your e-mail to ${recipient} is on its way.`,
    );
    // docs/product.md#focus: the answer has focus, not the page behind the dialog.
    await expect(dialog.getByRole('status')).toBeFocused();
    await expect
      .poll(async () => {
        const answer = await hostRequest(
          server.port,
          'localhost',
          `/dev/mailbox.json?to=${encodeURIComponent(recipient)}`,
        );
        return (answer.json as { mails: unknown[] }).mails.length;
      })
      .toBe(1);
    // Reset: the form is empty again for the next recipient, the sender's name kept.
    await dialog.getByRole('button', { name: 'Share with someone else' }).click();
    await expect(dialog.getByLabel("Recipient's e-mail address")).toHaveValue('');
    await expect(dialog.getByLabel('Your name')).toHaveValue('Alex');
    await expect(dialog.getByLabel('Your name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(share).toBeFocused();
  });

  test('a business account has no widgets page', async ({ businessPage: page, brandUrl }) => {
    await page.goto(brandUrl('localhost', '/widgets'));
    await expect(page).toHaveURL(brandUrl('localhost', '/'));
  });
});
