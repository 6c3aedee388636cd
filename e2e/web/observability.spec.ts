import type { Browser, Page } from '@playwright/test';
import { startWithConsent, type ConsentResultCode } from '../fixtures/consent.ts';
import { watchCspViolations } from '../fixtures/csp.ts';
import { expect, test } from '../fixtures/test.ts';
import { demoUser, hosts } from '../fixtures/users.ts';

// Error reports with correlation ids and the A/B test, end to end (docs/product.md, "Page
// furniture"): the app's report of a failed request reaches the server's report store with the
// id the request carried; the account's sample-test variant stays the same everywhere.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface StoredReport {
  correlationId: string | null;
  action: string;
  message: string;
  path: string | null;
  host: string;
}

async function storedReports(page: Page): Promise<StoredReport[]> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.get(`${origin}/dev/reports.json?limit=500`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { errors: StoredReport[] }).errors;
}

test('a failed request is reported to the server with the correlation id it carried', async ({
  demoPage: page,
}) => {
  const sent: string[] = [];
  await page.route('**/api/photo/users/timeline**', async (route) => {
    sent.push(route.request().headers()['x-correlationid'] ?? '');
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
      }),
    });
  });
  const origin = new URL(page.url()).origin;
  await page.goto(`${origin}/my-photos/photos`);
  await expect(page.getByText('Error: Your photos could not be loaded')).toBeVisible();
  expect(sent.length).toBeGreaterThan(0);
  for (const id of sent) expect(id).toMatch(UUID);

  await expect
    .poll(async () =>
      (await storedReports(page)).filter((report) => sent.includes(report.correlationId ?? '')),
    )
    .toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          host: hosts.default,
          path: '/my-photos/photos',
          message: expect.stringContaining('Status Code: 500'),
        }),
      ]),
    );
  // What was stored carries no token and no e-mail address.
  const stored = JSON.stringify(await storedReports(page));
  expect(stored).not.toContain(demoUser.email);
  expect(stored).not.toMatch(/Bearer [A-Za-z0-9]/);
});

test('the server echoes the correlation id on its answers and error bodies', async ({
  demoPage: page,
}) => {
  const origin = new URL(page.url()).origin;
  const response = await page.request.get(`${origin}/api/photo/users`, {
    headers: { 'X-CorrelationId': 'e2e-correlation-1' },
  });
  expect(response.status()).toBe(401);
  expect(response.headers()['x-correlationid']).toBe('e2e-correlation-1');
  expect(await response.json()).toMatchObject({ correlationId: 'e2e-correlation-1' });
});

test('the sample-test variant is the account’s own: the same after a reload and in another browser', async ({
  demoPage: page,
  browser,
  openSignedIn,
}) => {
  const root = page.locator('html');
  await expect(root).toHaveAttribute('data-sample-test', /^(control|A)$/);
  const variant = (await root.getAttribute('data-sample-test'))!;
  await page.reload();
  await expect(root).toHaveAttribute('data-sample-test', variant);

  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await openSignedIn(second, { ...demoUser, host: hosts.albelliNl });
    await expect(second.locator('html')).toHaveAttribute('data-sample-test', variant);
  } finally {
    await other.close();
  }
});

interface StoredEvent {
  kind: string;
  name: string;
  variant: string | null;
  host: string;
}

/**
 * Visits `path` signed in with the cookie choice `code`, then leaves the page (the tracker sends
 * what waits when a page is left). Returns the account's variant as the page showed it.
 */
async function visitAndLeave(
  browser: Browser,
  openSignedIn: (page: Page, options: typeof demoUser & { host: string }) => Promise<void>,
  code: ConsentResultCode,
  path: string,
  heading: string,
): Promise<string> {
  const context = await browser.newContext();
  try {
    await startWithConsent(context, code);
    const violations = await watchCspViolations(context);
    const page = await context.newPage();
    await openSignedIn(page, { ...demoUser, host: hosts.photoboxUk });
    await page.goto(new URL(path, page.url()).href);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-sample-test', /^(control|A)$/);
    const variant = (await page.locator('html').getAttribute('data-sample-test'))!;
    // The page view counts once the consent code has read the stored choice (after the page's
    // load); the preferences open only after that, showing the choice read.
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    const preferences = page.getByRole('dialog', { name: 'Cookie preferences' });
    await expect(preferences.getByRole('checkbox', { name: 'Analytics' })).toBeChecked({
      checked: code.startsWith('1'),
    });
    await page.keyboard.press('Escape');
    await expect(preferences).toBeHidden();
    await page.goto('about:blank');
    expect(violations()).toEqual([]);
    return variant;
  } finally {
    await context.close();
  }
}

test('page views reach the server with the account’s variant only when analytics is allowed', async ({
  browser,
  openSignedIn,
  brandUrl,
}) => {
  // Necessary only: the visit to Widgets must leave nothing behind.
  await visitAndLeave(browser, openSignedIn, '00', '/widgets', 'Widgets');
  // Analytics allowed (marketing not): the visit to Saved projects is recorded.
  const variant = await visitAndLeave(
    browser,
    openSignedIn,
    '10',
    '/saved-projects',
    'Saved projects',
  );

  const stored = async (): Promise<StoredEvent[]> => {
    const response = await fetch(
      brandUrl(hosts.default, `/dev/analytics.json?host=${hosts.photoboxUk}&limit=500`),
    );
    return ((await response.json()) as { events: StoredEvent[] }).events;
  };
  await expect
    .poll(async () => (await stored()).filter((event) => event.name === '/saved-projects'))
    .toContainEqual(expect.objectContaining({ kind: 'pageview', variant, host: hosts.photoboxUk }));
  // Sent before the second visit's events, had it been sent at all.
  expect((await stored()).filter((event) => event.name === '/widgets')).toEqual([]);
});
