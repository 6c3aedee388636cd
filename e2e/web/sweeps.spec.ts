import { demoOrderCode } from '@photo/server/src/seed/orders.ts';
import type { Locator, Page, Request } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { navigateInApp, twoFrames } from '../fixtures/in-app.ts';
import { readClientConfig } from '../fixtures/client-config.ts';
import { localesWithTexts, text } from '../fixtures/locale-texts.ts';
import { expectNoOverflow } from '../fixtures/overflow.ts';
import { accountMenuAnyLocale } from '../fixtures/shell.ts';
import { expect, test } from '../fixtures/test.ts';
import { businessUser, demoUser, hosts, type Credentials } from '../fixtures/users.ts';

// The sweeps: every screen of the account area, its dialogs, the photo preview, the public
// pages and the sign-in page, walked in one signed-in page per test and checked on each stop:
// - axe (WCAG 2.1 AA, no serious or critical violation) for the consumer and the business user,
//   each in English (photobox-uk) and Dutch (albelli-nl) and at 390×844 and 1280×800 (one width
//   per language, the pairing swapped between the users);
// - nothing sticking out sideways at 320 px, in every locale of the brand list.
// A screen is added to the walk below (`consumerScreens`, `businessScreens`, `publicScreens`);
// both sweeps then check it. The walk only reads and opens dialogs (closed with Escape), so the
// worker's shared server is enough. Not walked: /logout, which leaves for the provider at once.
// One file, long as it is: both sweeps walk the same screen list, and a screen added to it is
// checked by both.

type Translate = (key: string) => string;

interface Screen {
  /** Named in failure messages. */
  name: string;
  /** The path to open; without one the screen is the page as the previous one left it. */
  path?: string;
  /** Waits for the screen's content, or opens what the screen is (a dialog, a form). */
  prepare?: (page: Page, t: Translate) => Promise<void>;
  /** Closed with Escape after the check (dialogs). */
  closes?: boolean;
}

/** A text with `{{placeholders}}` as a pattern matching any value in their place. */
function pattern(template: string): RegExp {
  const parts = template
    .split(/\{\{[^}]+\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

const button = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('button', { name, exact: typeof name === 'string' }).first();

async function openDialog(page: Page, trigger: Locator): Promise<void> {
  await trigger.click();
  await expect(page.getByRole('dialog').last()).toBeVisible();
}

/** Opening transitions over (spinners run on), so colours are measured at full opacity. */
async function transitionsOver(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Two frames first: a transition starts a frame after the element is shown.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
}

const photoTile = (page: Page) => page.getByTestId('photo-tile').first();

/**
 * A photo-library heading action: its button, or on a phone the item of the 'More actions' menu
 * it moved into (docs/product.md#screens "Phone action bar").
 */
async function headerAction(page: Page, t: Translate, key: string): Promise<Locator> {
  const direct = page
    .locator('main .page-heading')
    .getByRole('button', { name: t(key), exact: true });
  if (await direct.isVisible()) return direct;
  await button(page.locator('main .page-heading'), t('photos.header.moreActions')).click();
  return page.getByRole('menuitem', { name: t(key), exact: true });
}

async function selectFirstPhoto(page: Page, t: Translate): Promise<void> {
  await expect(photoTile(page)).toBeVisible();
  await (await headerAction(page, t, 'photos.header.select')).click();
  await photoTile(page).getByRole('button').first().click();
  await expect(page.getByRole('toolbar')).toBeVisible();
}

const demoOrder = demoOrderCode('demo', 'paymentSuccess');

/** The consumer's screens: the whole account area with its dialogs and the preview. */
const consumerScreens: Screen[] = [
  { name: 'overview', path: '/' },
  {
    name: 'My photos',
    path: '/my-photos/photos',
    prepare: (page) => expect(photoTile(page)).toBeVisible(),
  },
  {
    name: 'upload dialog',
    prepare: (page, t) =>
      openDialog(page, button(page.locator('main'), t('photos.header.addPhotos'))),
    closes: true,
  },
  { name: 'select mode', prepare: selectFirstPhoto },
  {
    name: 'copy-to-album dialog',
    prepare: (page, t) =>
      openDialog(page, button(page.getByRole('toolbar'), t('photos.selectionBar.copyToAlbum'))),
    closes: true,
  },
  {
    name: 'delete-photos dialog',
    prepare: (page, t) =>
      openDialog(page, button(page.getByRole('toolbar'), t('photos.selectionBar.delete'))),
    closes: true,
  },
  {
    name: 'delete-all dialog',
    prepare: async (page, t) => {
      await page.keyboard.press('Escape');
      await openDialog(page, await headerAction(page, t, 'photos.header.deleteAll'));
    },
    closes: true,
  },
  {
    name: 'albums',
    path: '/my-photos/albums',
    prepare: (page) => expect(page.getByTestId('albums-grid')).toBeVisible(),
  },
  {
    name: 'create-album dialog',
    prepare: (page, t) =>
      openDialog(page, button(page.getByTestId('albums-grid'), t('albums.newAlbum'))),
    closes: true,
  },
  {
    name: 'an album',
    prepare: async (page) => {
      await page.getByTestId('albums-grid').getByText('Pets', { exact: true }).click();
      await expect(photoTile(page)).toBeVisible();
    },
  },
  {
    name: 'delete-album dialog',
    prepare: (page, t) => openDialog(page, button(page.locator('main'), t('albums.deleteAlbum'))),
    closes: true,
  },
  {
    name: 'the preview',
    prepare: async (page) => {
      await photoTile(page).getByRole('button').first().click();
      await expect(page.getByTestId('preview-image')).toBeVisible();
    },
  },
  // The owner's shared album sits in the main grid, the one shared with the customer below it.
  ...[
    ['shared album (owner)', 'albums-grid'],
    ['shared album (participant)', 'shared-albums-grid'],
  ].flatMap(([name, grid]): Screen[] => [
    {
      name: name!,
      path: '/my-photos/albums',
      prepare: async (page) => {
        await page.getByTestId(grid!).locator('a[href*="/shared-albums/"]').first().click();
        await expect(photoTile(page)).toBeVisible();
      },
    },
    {
      name: `${name}: its delete dialog`,
      prepare: (page, t) => openDialog(page, button(page.locator('main'), t('albums.deleteAlbum'))),
      closes: true,
    },
  ]),
  { name: 'orders', path: '/orders' },
  { name: 'order history', path: '/orders?order_state=history' },
  { name: 'an order', path: `/orders/${demoOrder}` },
  {
    name: 'delivery address change',
    prepare: async (page, t) => {
      await button(page.locator('main'), t('orders.address.change')).click();
      await expect(page.getByRole('radiogroup')).toBeVisible();
    },
  },
  { name: 'order not found', path: '/orders/NOPE1' },
  { name: 'downloads', path: '/downloads' },
  { name: 'online products', path: '/online-products' },
  { name: 'an online product', path: `/online-products/${demoOrder}-1` },
  { name: 'saved projects', path: '/saved-projects' },
  {
    name: 'delete-project dialog',
    prepare: (page, t) =>
      openDialog(page, button(page.locator('main'), pattern(t('projects.deleteNamed')))),
    closes: true,
  },
  { name: 'widgets', path: '/widgets' },
  {
    name: 'create-widget dialog',
    prepare: (page, t) =>
      openDialog(page, button(page.locator('main'), t('widgets.create.button'))),
    closes: true,
  },
  {
    name: 'share-widget dialog',
    prepare: (page, t) =>
      openDialog(page, button(page.locator('main'), pattern(t('widgets.shareNamed')))),
    closes: true,
  },
  { name: 'settings', path: '/settings' },
  {
    name: 'delete-account dialog',
    prepare: (page, t) =>
      openDialog(page, button(page.locator('main'), t('settings.deleteAccount.open'))),
    closes: true,
  },
  {
    name: 'cookie settings dialog',
    prepare: (page, t) => openDialog(page, button(page, t('consent.settingsLink'))),
    closes: true,
  },
  { name: 'e-mail settings', path: '/settings/email' },
  { name: 'personal details', path: '/settings/personal-details' },
  { name: 'payment method', path: '/settings/payment-method' },
  {
    name: 'payment form',
    prepare: (page, t) => button(page.locator('main'), t('settings.payment.add')).click(),
  },
  { name: 'addresses', path: '/settings/addresses/all' },
  {
    name: 'delete-address dialog',
    prepare: (page, t) =>
      openDialog(page, button(page.locator('main'), pattern(t('settings.address.deleteLabel')))),
    closes: true,
  },
  {
    name: 'change address',
    prepare: async (page) => {
      await page.locator('main a[href*="/settings/address/"]').first().click();
      await expect(page.locator('main form')).toBeVisible();
    },
  },
  {
    name: 'new address with its messages',
    path: '/settings/new-address',
    prepare: async (page, t) => {
      await button(page.locator('main'), t('settings.address.save')).click();
      await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    },
  },
  { name: 'account could not be deleted', path: '/delete-account-error' },
  { name: 'e-mail could not be changed', path: '/change-email-error' },
];

/** What only the business user sees (the shared screens are the consumer's walk). */
const businessScreens: Screen[] = [
  { name: 'business overview', path: '/' },
  { name: 'business orders', path: '/orders' },
  { name: 'invoices', path: '/invoices' },
  { name: 'FTP instructions', path: '/integration' },
  { name: 'business My photos', path: '/my-photos/photos' },
  { name: 'business settings', path: '/settings/b2b' },
  { name: 'business e-mail settings', path: '/settings/b2b/email' },
  { name: 'business addresses', path: '/settings/addresses/all' },
  {
    name: 'new business address',
    path: '/settings/b2b/new-address',
    prepare: (page, t) => expect(page.getByLabel(t('settings.address.companyName'))).toBeVisible(),
  },
];

/** Pages without sign-in (the sign-in page and cookie-blocked are scanned next to them). */
const publicScreens: Screen[] = [
  { name: 'account deleted', path: '/account-deleted' },
  { name: 'e-mail changed', path: '/change-email-success' },
  { name: 'subscription confirmed', path: '/subscription-confirmation-success' },
  { name: 'subscription failed', path: '/subscription-confirmation-error' },
];

/** Requests a screen waits for (its code and its data; pictures load on as they scroll in). */
const awaitedTypes = new Set(['script', 'stylesheet', 'fetch', 'xhr', 'document']);
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page): Set<Request> {
  let pending = inFlight.get(page);
  if (!pending) {
    const open = new Set<Request>();
    page.on('request', (request) => {
      if (awaitedTypes.has(request.resourceType())) open.add(request);
    });
    const done = (request: Request) => open.delete(request);
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    inFlight.set(page, open);
    pending = open;
  }
  return pending;
}

/**
 * Waits until no code or data request is under way for two frames in a row: a client-side
 * navigation keeps the old page on screen while the new one's code loads, then shows the new
 * one, which asks for its data.
 */
async function quiet(page: Page): Promise<void> {
  const pending = trackRequests(page);
  const deadline = Date.now() + 15_000;
  let idleRounds = 0;
  while (idleRounds < 2) {
    await twoFrames(page);
    idleRounds = pending.size === 0 ? idleRounds + 1 : 0;
    if (Date.now() > deadline)
      throw new Error(`still loading: ${[...pending].map((request) => request.url()).join(', ')}`);
  }
}

/** Opens `path` in the app: a client-side navigation once the app runs (cheap), else a page load. */
async function open(page: Page, origin: string, path: string): Promise<void> {
  trackRequests(page);
  const inApp =
    page.url().startsWith(origin) &&
    (await page.evaluate(() => document.querySelector('#main, main') !== null));
  if (inApp) await navigateInApp(page, path);
  else await page.goto(`${origin}${path}`);
  await quiet(page);
}

/** The page shows its content: its language, no spinner, a heading or a dialog, fonts loaded. */
async function settled(page: Page, locale: string): Promise<void> {
  // One wait in the page rather than four round trips: the sweeps stop at some 600 screens.
  await page.waitForFunction(
    async (lang) => {
      const shown = (element: Element) => element.checkVisibility();
      if (document.documentElement.lang !== lang) return false;
      if (document.querySelector('.mantine-Loader-root, [aria-busy="true"]')) return false;
      const content = document.querySelectorAll(
        'h1, [role="dialog"], [data-testid="preview-image"]',
      );
      if (![...content].some(shown)) return false;
      await document.fonts.ready;
      return true;
    },
    locale,
    { timeout: 10_000 },
  );
}

/** Walks `screens`, calling `check` on each once it has settled. */
async function walk(
  page: Page,
  origin: string,
  locale: string,
  screens: Screen[],
  check: (what: string, dialog: boolean) => Promise<void>,
): Promise<void> {
  const t: Translate = (key) => text(locale, key);
  for (const screen of screens) {
    await test.step(screen.name, async () => {
      if (screen.path) await open(page, origin, screen.path);
      if (screen.prepare) {
        await screen.prepare(page, t);
        await quiet(page);
      }
      await settled(page, locale);
      await check(
        `${screen.name} (${locale}, ${page.viewportSize()?.width} px)`,
        screen.closes === true,
      );
      if (screen.closes) {
        await page.keyboard.press('Escape');
        // Gone from the screen, checked every frame: the cookie preferences fade out after they
        // are hidden from assistive technology, and axe counts the buttons of a fading dialog
        // as focusable.
        await page.waitForFunction(
          () =>
            ![...document.querySelectorAll('[role="dialog"]')].some((dialog) =>
              dialog.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
            ),
        );
      }
    });
  }
}

const users: Array<[string, Credentials, Screen[]]> = [
  ['consumer', demoUser, consumerScreens],
  ['business', businessUser, businessScreens],
];

test.describe('axe on every screen (WCAG 2.1 AA: no serious or critical violation)', () => {
  // The consent dialog is a screen too: every walk meets it first, then chooses. With less
  // motion asked for, dialogs and menus open and close at once (the app honours the setting):
  // axe checks each screen at rest, which it reaches either way, and the walk no longer waits
  // out each transition (a consumer walk alone: 34-37 s → 31 s).
  test.use({ consentChoice: null, reducedMotion: 'reduce' });

  // Each user in both languages and at both widths, in two walks rather than four: what a
  // language changes (texts, names) and what a width changes (the phone's menus, the layout) do
  // not depend on each other, and across the two users every pairing is walked. A consumer walk
  // costs some 80 busy seconds.
  const phone = { width: 390, height: 844 };
  const desktop = { width: 1280, height: 800 };
  const walks = [
    { host: hosts.photoboxUk, locale: 'en-GB', who: 'consumer', viewport: desktop },
    { host: hosts.albelliNl, locale: 'nl-NL', who: 'consumer', viewport: phone },
    { host: hosts.photoboxUk, locale: 'en-GB', who: 'business', viewport: phone },
    { host: hosts.albelliNl, locale: 'nl-NL', who: 'business', viewport: desktop },
  ] as const;
  for (const { host, locale, who, viewport } of walks) {
    const [, user, screens] = users.find(([name]) => name === who)!;
    test(`${who}, ${locale}, ${viewport.width} px`, async ({ page, openSignedIn, brandUrl }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await openSignedIn(page, { ...user, host });
      const consent = page.getByRole('dialog', { name: text(locale, 'consent.title') });
      await expect(consent).toBeVisible();
      await transitionsOver(page);
      await expectNoSeriousViolations(page, `the consent dialog (${locale}, ${viewport.width} px)`);
      await button(consent, text(locale, 'consent.rejectAll')).click();
      await expect(consent).toBeHidden();
      await walk(
        page,
        brandUrl(host, '').replace(/\/$/, ''),
        locale,
        screens,
        async (what, dialog) => {
          // Transitions over (a dialog coming in, the last one fading out), so colours and
          // hidden parts are measured as they stay.
          await transitionsOver(page);
          // A dialog alone: the page behind it was scanned the step before.
          await expectNoSeriousViolations(page, what, dialog ? { include: '[role="dialog"]' } : {});
        },
      );
    });
  }

  for (const [host, locale] of [
    [hosts.photoboxUk, 'en-GB'],
    [hosts.albelliNl, 'nl-NL'],
  ] as const) {
    test(`public pages, sign-in and cookie-blocked, ${locale}`, async ({
      page,
      browser,
      brandUrl,
    }) => {
      test.setTimeout(120_000);
      const origin = brandUrl(host, '').replace(/\/$/, '');
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1280, height: 800 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto(`${origin}/`);
        await expect(
          page.getByRole('button', { name: text(locale, 'login.submit') }),
        ).toBeVisible();
        await expectNoSeriousViolations(page, `the sign-in page (${locale}, ${viewport.width} px)`);
        await walk(page, origin, locale, publicScreens, (what) =>
          expectNoSeriousViolations(page, what),
        );
      }

      const blocked = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const blockedPage = await blocked.newPage();
        await blockedPage.addInitScript(() => {
          Object.defineProperty(window, 'localStorage', {
            configurable: true,
            get() {
              throw new DOMException('The operation is insecure.', 'SecurityError');
            },
          });
        });
        await blockedPage.goto(`${origin}/`);
        await expect(blockedPage.locator('h1').first()).toBeVisible();
        await expectNoSeriousViolations(blockedPage, `the cookie-blocked page (${locale})`);
      } finally {
        await blocked.close();
      }
    });
  }
});

const sweepLocales = localesWithTexts();

/** The photo flags, switched on by storage override (docs/feature-flags.md) on every host. */
const photoFlags = [
  'PhotoManagementTimelineViewEnabled',
  'PhotoManagementAlbumViewEnabled',
  'PhotoManagementSharedAlbumsViewEnabled',
  'PhotoManagementUploadEnabled',
  'PhotoManagementOrderPrintsEnabled',
];

test.describe('nothing sticks out sideways at 320 px, in every locale', () => {
  // The consent bar too: it stands over the public pages until the walk chooses. With less motion
  // asked for, dialogs and menus open and close at once (the app honours the setting): what is
  // measured here is where things end up, and the walk no longer waits out each fade.
  test.use({ viewport: { width: 320, height: 640 }, consentChoice: null, reducedMotion: 'reduce' });

  for (const locale of sweepLocales) {
    test(locale, async ({ page, server, openSignedIn }) => {
      test.setTimeout(180_000);
      // A brand host of this locale from the server's brand list (not one that redirects).
      const config = await readClientConfig(server.port);
      const host = config.Brands.find(
        (brand) => brand.locale === locale && !(brand.host in config.Redirects),
      )?.host;
      expect(host, `a brand host speaking ${locale}`).toBeTruthy();
      const origin = `http://${host}:${server.port}`;
      // Every screen exists on every host, whatever the host's flags.
      await page.addInitScript((flags) => {
        for (const flag of flags) window.localStorage.setItem(flag, 'true');
      }, photoFlags);
      const check = (what: string) => expectNoOverflow(page, what);

      await walk(page, origin, locale, publicScreens, check);
      const consent = page.getByRole('dialog', { name: text(locale, 'consent.title') });
      await button(consent, text(locale, 'consent.rejectAll')).click();
      await expect(consent).toBeHidden();
      for (const [, user, screens] of users) {
        await openSignedIn(page, { ...user, host: host! });
        await expect(accountMenuAnyLocale(page)).toBeVisible();
        await walk(page, origin, locale, screens, check);
      }
    });
  }
});
