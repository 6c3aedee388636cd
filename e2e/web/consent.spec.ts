import type { Page, Request } from '@playwright/test';
import { storedConsentCode } from '../fixtures/consent.ts';
import { hostRequest } from '../fixtures/http.ts';
import { navigateInApp } from '../fixtures/in-app.ts';
import { localeTexts } from '../fixtures/locale-texts.ts';
import { LOOKS, snap } from '../fixtures/snap.ts';
import { expect, test } from '../fixtures/test.ts';
import { demoUser, hosts } from '../fixtures/users.ts';

/** Requests of the categories the customer chooses: analytics, and the chat and feedback widgets. */
const CHOSEN = /\/api\/(analytics|support-widgets)\//;

function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (CHOSEN.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

const paths = (requests: Request[]) => requests.map((request) => new URL(request.url()).pathname);

/** The name of the focused button when focus is inside the consent dialog, else null. */
const focusedInDialog = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.closest('[role="dialog"].cm') ? (active.textContent ?? '').trim() : null;
  });

const consentDialog = (page: Page) => page.getByRole('dialog', { name: 'Cookies on this site' });
const preferences = (page: Page) => page.getByRole('dialog', { name: 'Cookie preferences' });
const chatButton = (page: Page) => page.getByRole('button', { name: 'Chat with us' });
const feedbackButton = (page: Page) => page.getByRole('button', { name: 'Feedback', exact: true });

test.describe('before a choice', () => {
  test.use({ consentChoice: null });

  test('a first visit sends nothing of analytics, marketing, chat or feedback until the customer chooses; accept all loads the widgets; withdrawing stops them', async ({
    page,
    openSignedIn,
    brandUrl,
    server,
  }) => {
    const seen = recordRequests(page);
    await openSignedIn(page, { ...demoUser, host: hosts.photoboxUk });
    await expect(consentDialog(page)).toBeVisible();
    // Focus goes into the dialog, and its buttons are reached from the keyboard.
    await expect.poll(() => focusedInDialog(page)).toBe('Accept all');
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedInDialog(page)).toBe('Necessary only');
    await page.getByRole('link', { name: 'My orders' }).first().click();
    await expect(page).toHaveURL(/\/orders$/);
    expect(paths(seen)).toEqual([]);

    await consentDialog(page).getByRole('button', { name: 'Accept all' }).click();
    await expect(consentDialog(page)).toBeHidden();
    await expect(chatButton(page)).toBeVisible();
    await expect(feedbackButton(page)).toBeVisible();
    expect(paths(seen).sort()).toEqual([
      '/api/support-widgets/chat.js',
      '/api/support-widgets/feedback/en-GB.js',
    ]);
    expect(await storedConsentCode(page.context(), brandUrl(hosts.photoboxUk))).toBe('11');

    // The chat opens a panel that Escape closes, giving focus back to the bubble.
    await chatButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Customer care' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Customer care' })).toBeHidden();
    await expect(chatButton(page)).toBeFocused();

    // The feedback widget posts to the server.
    await feedbackButton(page).click();
    await page.getByLabel('Your feedback').fill('Lovely prints');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Thank you for your feedback.')).toBeVisible();
    const received = await hostRequest(
      server.port,
      hosts.photoboxUk,
      '/api/support-widgets/feedback',
    );
    expect(received.json).toContainEqual(
      expect.objectContaining({
        widgetId: 'feedback-en-gb',
        locale: 'en-GB',
        message: 'Lovely prints',
        page: '/orders',
      }),
    );

    // Withdrawn from the footer's "Cookie settings": the widgets go, and nothing more is sent.
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await preferences(page).getByRole('button', { name: 'Necessary only' }).click();
    await expect(page.getByRole('button', { name: 'Cookie settings' })).toBeFocused();
    await expect(chatButton(page)).toHaveCount(0);
    await expect(feedbackButton(page)).toHaveCount(0);
    expect(await page.locator('script[src*="support-widgets"]').count()).toBe(0);
    expect(await storedConsentCode(page.context(), brandUrl(hosts.photoboxUk))).toBe('00');
    const before = seen.length;
    await page.goto(brandUrl(hosts.photoboxUk, '/settings'));
    await expect(page.getByRole('heading', { name: 'Cookies' })).toBeVisible();
    await expect(consentDialog(page)).toBeHidden();
    expect(seen.length).toBe(before);
  });

  for (const [code, analytics, marketing] of [
    ['00', false, false],
    ['01', false, true],
    ['10', true, false],
    ['11', true, true],
  ] as const) {
    test(`the stored code is ${code} for analytics ${analytics}, marketing ${marketing}`, async ({
      page,
      openSignedIn,
      brandUrl,
    }) => {
      await openSignedIn(page, { ...demoUser, host: hosts.photoboxUk });
      await consentDialog(page).getByRole('button', { name: 'Manage preferences' }).click();
      const dialog = preferences(page);
      await expect(dialog).toBeVisible();
      if (analytics) await dialog.getByRole('checkbox', { name: 'Analytics' }).check();
      if (marketing) await dialog.getByRole('checkbox', { name: 'Marketing' }).check();
      await dialog.getByRole('button', { name: 'Save preferences' }).click();
      await expect(dialog).toBeHidden();
      await expect
        .poll(() => storedConsentCode(page.context(), brandUrl(hosts.photoboxUk)))
        .toBe(code);
      await expect(chatButton(page)).toHaveCount(marketing ? 1 : 0);
      // The choice stands on the next visit: no dialog.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Cookie settings' })).toBeVisible();
      await expect(consentDialog(page)).toBeHidden();
    });
  }

  for (const [host, locale] of [
    [hosts.photoboxUk, 'en-GB'],
    [hosts.albelliNl, 'nl-NL'],
    ['albelli-at.localhost', 'de-AT'],
  ] as const) {
    test(
      `the dialog in ${locale} at 320, 390 and 1280 px`,
      { tag: LOOKS },
      async ({ page, openSignedIn }) => {
        const texts = localeTexts(locale) as { consent: { title: string; acceptAll: string } };
        await openSignedIn(page, { ...demoUser, host });
        for (const width of [320, 390, 1280]) {
          await page.setViewportSize({ width, height: width === 1280 ? 800 : 700 });
          const dialog = page.getByRole('dialog', { name: texts.consent.title });
          await expect(dialog).toBeVisible();
          const accept = dialog.getByRole('button', { name: texts.consent.acceptAll });
          await expect(accept).toBeInViewport({ ratio: 1 });
          // The page's heading, above the dialog, stays uncovered.
          const box = await dialog.boundingBox();
          const heading = await page.getByRole('heading', { level: 1 }).first().boundingBox();
          expect(box && heading && heading.y + heading.height <= box.y).toBe(true);
          await snap(page, `consent-dialog-${locale}`, { fullPage: false });
        }
      },
    );
  }
});

test.describe('the chat on photo pages', () => {
  test.use({ consentChoice: '11' });

  test('is shown on account pages and hidden on every photo page', async ({
    demoPage,
    brandUrl,
  }) => {
    const chatRoot = demoPage.locator('#support-chat');
    // The first page of each kind loaded, the others reached inside the app as a customer does
    // (a load each was most of this test's time).
    const visit = async (path: string, load: boolean) => {
      if (load) await demoPage.goto(brandUrl(hosts.default, path));
      else await navigateInApp(demoPage, path);
    };
    for (const [i, path] of ['/orders', '/settings', '/saved-projects'].entries()) {
      await visit(path, i === 0);
      await expect(chatRoot).toHaveAttribute('data-state', 'ready');
      await expect(chatButton(demoPage), path).toBeVisible();
    }
    for (const [i, path] of [
      '/my-photos',
      '/my-photos/photos',
      '/my-photos/albums',
      '/my-photos/albums/any-album',
      '/my-photos/shared-albums/any-album',
      '/my-photos/photos/preview/any-photo',
      '/my-photos/albums/any-album/preview/any-photo',
      '/my-photos/shared-albums/any-album/preview/any-photo',
    ].entries()) {
      // From an account page each time, so each photo page is seen to hide the chat.
      if (i > 0) {
        await visit('/orders', false);
        await expect(chatButton(demoPage), `/orders before ${path}`).toBeVisible();
      }
      await visit(path, i === 0);
      await expect(chatRoot).toHaveAttribute('data-state', 'ready');
      await expect(chatButton(demoPage), path).toBeHidden();
    }
  });
});

test.describe('with both allowed', () => {
  test.use({ consentChoice: '11' });

  test('widgets whose scripts do not load are left out and the page works; on localhost their place stays', async ({
    page,
    openSignedIn,
  }) => {
    await page.route('**/api/support-widgets/**', (route) => route.abort());
    const chatFailed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/chat.js'));
    const feedbackFailed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/en-GB.js'));
    await openSignedIn(page, { ...demoUser, host: hosts.photoboxUk });
    await Promise.all([chatFailed, feedbackFailed]);
    await expect(page.locator('#support-chat')).toHaveCount(0);
    await expect(page.locator('#support-feedback')).toHaveCount(0);
    await page.getByRole('link', { name: 'My orders' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();

    const localFailed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/chat.js'));
    await openSignedIn(page, { ...demoUser, host: hosts.default });
    await localFailed;
    await expect(page.locator('#support-chat')).toHaveAttribute('data-state', 'unavailable');
  });

  test('the feedback widget of the page locale, with its mobile id below 576 px', async ({
    page,
    openSignedIn,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await openSignedIn(page, { ...demoUser, host: hosts.albelliNl });
    const script = page.locator('#support-feedback-script');
    await expect(script).toHaveAttribute('src', /\/feedback\/nl-NL\.js$/);
    await expect(script).toHaveAttribute('data-widget-id', 'feedback-nl-nl-mobile');
    await expect(page.getByRole('button', { name: 'Chat met ons' })).toBeVisible();
  });
});
