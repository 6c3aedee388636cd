import type { Browser, Locator, Page } from '@playwright/test';
import { fillLoginPage, loginTexts } from '../fixtures/auth.ts';
import { brandFor, readClientConfig, type E2eClientConfig } from '../fixtures/client-config.ts';
import { hostRequest, pageFetch } from '../fixtures/http.ts';
import { accountMenu, accountMenuAnyLocale } from '../fixtures/shell.ts';
import { LOOKS, snap } from '../fixtures/snap.ts';
import { expect, test } from '../fixtures/test.ts';
import { businessUser, demoUser, hosts, type Credentials } from '../fixtures/users.ts';

// Foundation journeys: sign-in through the real login page, brands by host, the shell's menu,
// titles, indexing meta, error and public pages, sign-out. Texts are the spec's (en-GB).

/** External link: its accessible name may add "(opens in a new tab)". */
const faqsLink = (page: Page): Locator => accountMenu(page).getByRole('link', { name: /^FAQs\b/ });
const themeColor = (page: Page) => page.locator('meta[name="theme-color"]').getAttribute('content');
const robots = (page: Page) => page.locator('meta[name="robots"]');
const canonical = (page: Page) => page.locator('link[rel="canonical"]');
/** The spec calls these "buttons"; a button that navigates is rightly a link. */
const action = (page: Page, name: string): Locator =>
  page.getByRole('button', { name, exact: true }).or(page.getByRole('link', { name, exact: true }));
const authCookies = ['access_token', 'id_token', 'refresh_token'];

let config: E2eClientConfig;
test.beforeAll(async ({ server }) => {
  config = await readClientConfig(server.port);
});

/** Pathnames of the account menu's same-origin links (external ones like FAQs are left out). */
async function menuPaths(page: Page): Promise<string[]> {
  const hrefs = await accountMenuAnyLocale(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin)
    .map((url) => url.pathname);
}

/** Links with this exact accessible name and href anywhere on the page (header, footer, menus). */
const storefrontLink = (page: Page, name: string, href: string): Locator =>
  page.getByRole('link', { name, exact: true }).and(page.locator(`a[href="${href}"]`));

async function linkPath(link: Locator): Promise<string> {
  const href = await link.getAttribute('href');
  expect(href, 'menu link has an href').toBeTruthy();
  return new URL(href ?? '', 'http://x.invalid').pathname;
}

/** A second browser context, so two users or hosts never share cookies. */
async function withNewPage<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

async function cookieNames(page: Page, url: string): Promise<string[]> {
  return (await page.context().cookies(url)).map((cookie) => cookie.name);
}

test.describe('sign-in on two brand hosts and the account menu', () => {
  const checkBrand = async (page: Page, host: string) => {
    const brand = brandFor(config, host);
    expect(brand.host, `${host} is in the brand table`).toBe(host);
    expect(brand.brandLabel, `${host} has a brand label`).not.toBe('');
    await expect(page, 'title is `{page title} | {brand}`').toHaveTitle(
      new RegExp(`^\\S.* \\| ${escapeRegExp(brand.brandLabel)}$`),
    );
    expect(await themeColor(page)).toBe(brand.themeColor);
  };

  test('demo: consumer menu (Widgets, no Invoices or FTP instructions) on photobox-uk and albelli-nl', async ({
    page,
    browser,
    signIn,
  }) => {
    await signIn(page, { ...demoUser, host: hosts.photoboxUk });
    await checkBrand(page, hosts.photoboxUk);
    const menu = accountMenu(page);
    for (const name of [
      'Overview',
      'My orders',
      'Settings',
      'Saved projects',
      'Widgets',
      'Sign out',
    ]) {
      await expect(
        menu.getByRole('link', { name, exact: true }),
        `menu item ${name}`,
      ).toBeVisible();
    }
    await expect(faqsLink(page)).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Invoices', exact: true })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'FTP instructions', exact: true })).toHaveCount(0);
    expect(await linkPath(menu.getByRole('link', { name: 'Settings', exact: true }))).toBe(
      '/settings',
    );
    const widgetsPath = await linkPath(menu.getByRole('link', { name: 'Widgets', exact: true }));
    expect(widgetsPath).not.toBe('/');

    // albelli-nl speaks Dutch, so compare the menu by its targets instead of its labels.
    await withNewPage(browser, async (nlPage) => {
      await signIn(nlPage, { ...demoUser, host: hosts.albelliNl });
      await checkBrand(nlPage, hosts.albelliNl);
      // nl-NL: the landmark is named, in Dutch.
      await expect(accountMenuAnyLocale(nlPage)).toHaveAccessibleName(/\S/);
      await expect(accountMenuAnyLocale(nlPage)).not.toHaveAccessibleName('Account menu');
      const paths = await menuPaths(nlPage);
      expect(paths).toContain(widgetsPath);
      expect(paths).toContain('/settings');
      expect(paths).not.toContain('/invoices');
      expect(paths).not.toContain('/integration');
      expect(paths).not.toContain('/settings/b2b');
      expect(await themeColor(nlPage), 'theme colour differs per brand').not.toBe(
        await themeColor(page),
      );
    });
  });

  test('business: Invoices and FTP instructions, no Widgets, business settings on photobox-uk and albelli-nl', async ({
    page,
    browser,
    signIn,
    openSignedIn,
  }) => {
    await signIn(page, { ...businessUser, host: hosts.photoboxUk });
    await checkBrand(page, hosts.photoboxUk);
    const menu = accountMenu(page);
    for (const name of [
      'Overview',
      'My orders',
      'Invoices',
      'FTP instructions',
      'Settings',
      'Saved projects',
      'Sign out',
    ]) {
      await expect(
        menu.getByRole('link', { name, exact: true }),
        `menu item ${name}`,
      ).toBeVisible();
    }
    await expect(faqsLink(page)).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Widgets', exact: true })).toHaveCount(0);
    expect(await linkPath(menu.getByRole('link', { name: 'Invoices', exact: true }))).toBe(
      '/invoices',
    );
    expect(await linkPath(menu.getByRole('link', { name: 'FTP instructions', exact: true }))).toBe(
      '/integration',
    );
    expect(await linkPath(menu.getByRole('link', { name: 'Settings', exact: true }))).toBe(
      '/settings/b2b',
    );

    const demoWidgetsPath = await withNewPage(browser, async (demoPage) => {
      await openSignedIn(demoPage, { ...demoUser, host: hosts.photoboxUk });
      return linkPath(accountMenu(demoPage).getByRole('link', { name: 'Widgets', exact: true }));
    });
    expect(await menuPaths(page)).not.toContain(demoWidgetsPath);

    await withNewPage(browser, async (nlPage) => {
      await signIn(nlPage, { ...businessUser, host: hosts.albelliNl });
      await checkBrand(nlPage, hosts.albelliNl);
      const paths = await menuPaths(nlPage);
      expect(paths).toEqual(expect.arrayContaining(['/invoices', '/integration', '/settings/b2b']));
      expect(paths).not.toContain(demoWidgetsPath);
    });
  });

  test('business status Default shows the missing-details banner leading to business settings', async ({
    page,
    openSignedIn,
  }) => {
    await openSignedIn(page, { ...businessUser, host: hosts.photoboxUk });
    const banner = page.getByText('Missing account details, please complete additional details.', {
      exact: true,
    });
    await expect(banner).toBeVisible();
    await banner.click();
    await expect(page).toHaveURL(/\/settings\/b2b(\?|$)/);
  });

  test('the consumer sees no business banner', async ({ demoPage }) => {
    await expect(accountMenu(demoPage)).toBeVisible();
    await expect(
      demoPage.getByText('Missing account details, please complete additional details.'),
    ).toHaveCount(0);
  });

  test('wrong password: the login page says so and no tokens are stored', async ({
    page,
    brandUrl,
  }) => {
    await page.goto(brandUrl(hosts.photoboxUk, '/'));
    await expect(page.getByLabel('Email')).toBeVisible();
    // The provider's login page is titled like every page: '{page} | {brand}'.
    await expect(page).toHaveTitle('Sign in | Photobox');
    const loginOrigin = new URL(page.url()).origin;
    await fillLoginPage(page, { email: demoUser.email, password: 'not-the-password' });
    await expect(
      page.getByText(
        /(wrong|incorrect|invalid).*(password|e-?mail)|(password|e-?mail).*(wrong|incorrect|invalid)/i,
      ),
    ).toBeVisible();
    expect(new URL(page.url()).origin, 'still on the login page').toBe(loginOrigin);
    await expect(page.getByLabel('Password')).toBeVisible();
    expect(await cookieNames(page, brandUrl(hosts.photoboxUk, '/'))).not.toContain('access_token');
  });
});

test.describe('titles, indexing and theme colour by host', () => {
  test('plain localhost: default brand, title without a brand label', async ({
    page,
    browser,
    openSignedIn,
  }) => {
    await openSignedIn(page, { ...demoUser, host: hosts.default });
    const defaultBrand = brandFor(config, hosts.default);
    const title = await page.title();
    expect(title.trim()).not.toBe('');
    expect(title).not.toContain(' | ');
    expect(await themeColor(page)).toBe(defaultBrand.themeColor);

    // Same page, same language on photobox-uk: the same page title plus ' | Photobox…'.
    const uk = brandFor(config, hosts.photoboxUk);
    if (uk.locale === defaultBrand.locale) {
      await withNewPage(browser, async (ukPage) => {
        await openSignedIn(ukPage, { ...demoUser, host: hosts.photoboxUk });
        await expect(ukPage).toHaveTitle(`${title} | ${uk.brandLabel}`);
      });
    }
  });

  test('production host: canonical link on the home path only, NOINDEX elsewhere', async ({
    page,
    browser,
    openSignedIn,
    brandUrl,
  }) => {
    const production = config.Brands.find((brand) => brand.production);
    const nonProduction =
      config.Brands.find((brand) => !brand.production && brand.host !== config.DefaultHost) ??
      config.Brands.find((brand) => !brand.production);
    expect(production, '/config.json marks at least one host as production').toBeDefined();
    expect(nonProduction, '/config.json has at least one non-production host').toBeDefined();
    if (!production || !nonProduction) return;

    await openSignedIn(page, { ...demoUser, host: production.host });
    await expect(canonical(page)).toHaveCount(1);
    const href = (await canonical(page).getAttribute('href')) ?? '';
    expect(new URL(href).origin).toBe(new URL(production.canonicalOrigin).origin);
    expect(new URL(href).pathname).toBe('/');
    await expect(robots(page).and(page.locator('[content*="noindex" i]'))).toHaveCount(0);

    // Client-side navigation away from home must drop the canonical link and add NOINDEX.
    await accountMenuAnyLocale(page).locator('a[href*="/orders"]').first().click();
    await expect(page).toHaveURL(/\/orders/);
    await expect(canonical(page)).toHaveCount(0);
    await expect(robots(page)).toHaveAttribute('content', /noindex/i);

    await page.goto(brandUrl(production.host, '/account-deleted'));
    await expect(canonical(page)).toHaveCount(0);
    await expect(robots(page)).toHaveAttribute('content', /noindex/i);

    await withNewPage(browser, async (otherPage) => {
      await openSignedIn(otherPage, { ...demoUser, host: nonProduction.host });
      await expect(canonical(otherPage)).toHaveCount(0);
      await expect(robots(otherPage)).toHaveAttribute('content', /noindex/i);
    });
  });

  test('theme-color meta per brand matches /config.json on public pages', async ({
    page,
    brandUrl,
  }) => {
    const seen = new Set<string>();
    for (const host of [hosts.albelliNl, hosts.photoboxUk, hosts.hofmannEs]) {
      await page.goto(brandUrl(host, '/account-deleted'));
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute(
        'content',
        brandFor(config, host).themeColor,
      );
      seen.add((await themeColor(page)) ?? '');
    }
    expect(seen.size, 'three brands of three vendors have three colours').toBe(3);
  });

  test('unknown host falls back to the default brand', async ({ page, brandUrl }) => {
    const defaultBrand = brandFor(config, config.DefaultHost);
    await page.goto(brandUrl('unknown-brand.localhost', '/account-deleted'));
    await expect(action(page, 'View products')).toBeVisible();
    expect(await themeColor(page)).toBe(defaultBrand.themeColor);
    if (defaultBrand.brandLabel)
      await expect(page).toHaveTitle(new RegExp(` \\| ${escapeRegExp(defaultBrand.brandLabel)}$`));
    else expect(await page.title()).not.toContain(' | ');
  });

  test('the French redirect sends the visitor to its target host', async ({ page, brandUrl }) => {
    const redirects = Object.entries(config.Redirects);
    expect(redirects.length, '/config.json has the French redirect').toBeGreaterThan(0);
    const [from, to] = redirects[0] ?? ['', ''];
    await page.goto(brandUrl(from, '/account-deleted'));
    await expect.poll(() => new URL(page.url()).hostname).toBe(to);
  });
});

/** Replaces (or, with null, removes) the client config the server writes into the page. */
async function withInlineConfig(page: Page, port: number, body: string | null): Promise<void> {
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      // From Node through 127.0.0.1 (route.fetch cannot resolve *.localhost).
      const url = new URL(route.request().url());
      const served = await hostRequest(port, url.hostname, url.pathname);
      const html = served.text.replace(
        /<script type="application\/json" id="client-config">.*?<\/script>/s,
        body === null ? '' : `<script type="application/json" id="client-config">${body}</script>`,
      );
      await route.fulfill({ status: served.status, contentType: 'text/html', body: html });
    },
  );
}

test.describe('configuration failures', () => {
  const cases: Array<[string, { status: number; body: string }]> = [
    ['not JSON', { status: 200, body: '{"Auth": <garbage' }],
    ['JSON of the wrong shape', { status: 200, body: JSON.stringify({ Brands: 'none' }) }],
    [
      'missing (404)',
      {
        status: 404,
        body: JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'gone' }),
      },
    ],
  ];
  for (const [what, response] of cases) {
    test(`/config.json ${what} → the clear error page, not a blank screen`, async ({
      page,
      brandUrl,
      server,
    }) => {
      await page.route('**/config.json', (route) =>
        route.fulfill({ ...response, contentType: 'application/json' }),
      );
      // Without the copy the server writes into the page, the app asks /config.json.
      await withInlineConfig(page, server.port, null);
      await page.goto(brandUrl(hosts.photoboxUk, '/'));
      await expect(
        page.getByRole('heading', { name: 'This page could not be loaded' }),
      ).toBeVisible();
      await expect(
        page.getByText('The site configuration is missing or invalid. Please try again later.'),
      ).toBeVisible();
      await expect(
        page
          .getByRole('button', { name: 'Reload the page' })
          .or(page.getByRole('link', { name: 'Reload the page' })),
      ).toBeVisible();
      expect(
        new URL(page.url()).pathname,
        'no sign-in redirect without configuration',
      ).not.toContain('/oidc');
    });
  }

  test('the config written into the page of the wrong shape → the clear error page', async ({
    page,
    brandUrl,
    server,
  }) => {
    await withInlineConfig(page, server.port, JSON.stringify({ Brands: 'none' }));
    await page.goto(brandUrl(hosts.photoboxUk, '/'));
    await expect(
      page.getByText('The site configuration is missing or invalid. Please try again later.'),
    ).toBeVisible();
  });

  test('storefront config service failing → default menus and routes, shell still works', async ({
    page,
    launchServer,
    signIn,
  }) => {
    const failing = await launchServer({ seed: 'users', storefrontFailHosts: [hosts.photoboxUk] });
    const brand = brandFor(await readClientConfig(failing.port), hosts.photoboxUk);
    const storefrontResponse = page.waitForResponse((response) =>
      response.url().includes('/api/storefront/config'),
    );
    await signIn(page, { ...demoUser, host: hosts.photoboxUk, server: failing });
    expect((await storefrontResponse).status(), 'the service really failed').toBeGreaterThanOrEqual(
      500,
    );

    await expect(faqsLink(page)).toHaveAttribute('href', brand.storefrontRoutes.FAQ);
    // The shell's default menus (en-GB labels), pointing at the brand's routes from /config.json.
    for (const [label, url] of [
      ['Shop', brand.storefrontRoutes.Main],
      ['All products', brand.storefrontRoutes.AllProducts],
      ['FAQ', brand.storefrontRoutes.FAQ],
      ['Contact us', brand.storefrontRoutes.ContactUs],
    ] as Array<[string, string]>) {
      await expect(
        storefrontLink(page, label, url),
        `default menu link ${label} → ${url}`,
      ).not.toHaveCount(0);
    }
    // Entries only the service knows (its top and footer menus) must not appear.
    for (const label of ['Help', 'About us', 'Privacy policy']) {
      await expect(page.getByRole('link', { name: label, exact: true })).toHaveCount(0);
    }
  });

  test('storefront config service working → its header and footer menus are shown', async ({
    page,
    openSignedIn,
  }) => {
    await openSignedIn(page, { ...demoUser, host: hosts.photoboxUk });
    const response = await pageFetch(page, `/api/storefront/config?host=${hosts.photoboxUk}`, {
      auth: false,
    });
    expect(response.status).toBe(200);
    const menus = (
      response.json as {
        menus: Record<'top' | 'main' | 'footer', Array<{ label: string; url: string }>>;
      }
    ).menus;
    expect(menus.top.length * menus.footer.length).toBeGreaterThan(0);
    for (const item of [...menus.top, ...menus.footer]) {
      await expect(
        storefrontLink(page, item.label, item.url),
        `menu link ${item.label} → ${item.url}`,
      ).not.toHaveCount(0);
    }
  });

  test('local storage unusable → the cookie-blocked page', async ({ page, brandUrl }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    await page.goto(brandUrl(hosts.photoboxUk, '/'));
    await expect(
      page.getByText('Please enable site data and cookies in your browser to use the website', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Site data and cookies are blocked | Photobox');
    expect(new URL(page.url()).pathname).not.toContain('/oidc');
  });
});

// These end their sessions (a forged token signs the app out, sign-out revokes): each signs in
// through the login page for a session of its own.
test.describe('tokens and sign-out', () => {
  test('forged access token → 401 JSON from the API and the app signs in again', async ({
    page,
    signIn,
    brandUrl,
  }) => {
    const host = hosts.albelliNl;
    await signIn(page, { ...demoUser, host });
    // Leave the app first: once its cookies change it would start its own way back to the login
    // page, and that navigation could abort the one this test makes below.
    await page.goto('about:blank');
    const context = page.context();
    // Forget the provider's own session too, so signing in again has to show the login page.
    await context.clearCookies({ domain: 'localhost' });
    await context.addCookies([
      { name: 'access_token', value: 'forged-token', url: brandUrl(host, '/') },
    ]);

    // Sent from Node, with the forged token in the header the API reads.
    const port = Number(new URL(brandUrl(host, '/')).port);
    const response = await hostRequest(port, host, '/api/photo/users', {
      headers: { authorization: 'Bearer forged-token' },
    });
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ statusCode: 401, field: 'headers.authorization' });

    await page.goto(brandUrl(host, '/my-photos'));
    // albelli-nl's login page is in Dutch.
    const login = loginTexts('nl-NL');
    await expect(page.getByLabel(login.email)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel(login.password)).toBeVisible();
  });

  test("a failed sign-in callback reports 'Auth Error: …', goes to the root and signs in again", async ({
    page,
    brandUrl,
  }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    // A callback this browser never started: unknown state, no PKCE verifier.
    await page.goto(brandUrl(hosts.photoboxUk, '/?code=forged-code&state=forged-state'));
    await expect(page.getByLabel('Email')).toBeVisible({ timeout: 20_000 });
    expect(
      consoleErrors.some((text) => text.includes('Auth Error: ')),
      `console errors: ${consoleErrors.join(' | ')}`,
    ).toBe(true);
    expect(await cookieNames(page, brandUrl(hosts.photoboxUk, '/'))).not.toContain('access_token');
  });

  test('sign out from the menu removes the token cookies; the next visit shows the login page', async ({
    page,
    signIn,
    brandUrl,
  }) => {
    const home = brandUrl(hosts.photoboxUk, '/');
    await signIn(page, { ...demoUser, host: hosts.photoboxUk });
    expect(await cookieNames(page, home)).toEqual(
      expect.arrayContaining(['access_token', 'id_token']),
    );
    await accountMenu(page).getByRole('link', { name: 'Sign out', exact: true }).click();
    await expect
      .poll(async () =>
        (await cookieNames(page, home)).filter((name) => authCookies.includes(name)),
      )
      .toEqual([]);
    // The provider's end-session page redirects back to the app, which has no tokens: login page.
    await expect(page.getByLabel('Email')).toBeVisible({ timeout: 20_000 });
    await page.goto(home);
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(await cookieNames(page, home)).not.toContain('access_token');
  });
});

test.describe('public pages render without sign-in', () => {
  const expectNoSignIn = async (page: Page, url: string) => {
    await expect(page).toHaveURL(url);
    expect(await cookieNames(page, url)).not.toContain('access_token');
  };

  test('/account-deleted', async ({ page, brandUrl }) => {
    const url = brandUrl(hosts.photoboxUk, '/account-deleted');
    await page.goto(url);
    await expect(page.getByText(/personal data, photos, projects and order history/)).toBeVisible();
    await expect(action(page, 'Create an account')).toBeVisible();
    await expect(action(page, 'View products')).toBeVisible();
    await expectNoSignIn(page, url);
  });

  test('/change-email-success', async ({ page, brandUrl }) => {
    const url = brandUrl(hosts.photoboxUk, '/change-email-success');
    await page.goto(url);
    await expect(
      page.getByRole('heading', { name: 'Your e-mail address has been changed!', exact: true }),
    ).toBeVisible();
    await expect(action(page, 'Login with your new email address')).toBeVisible();
    await expect(action(page, 'Continue')).toBeVisible();
    await expectNoSignIn(page, url);
  });

  test('/subscription-confirmation-success', async ({ page, brandUrl }) => {
    const url = brandUrl(hosts.photoboxUk, '/subscription-confirmation-success');
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Success!', exact: true })).toBeVisible();
    await expect(
      page.getByText('Your e-mail address has been successfully subscribed!', { exact: true }),
    ).toBeVisible();
    await expect(action(page, 'Continue')).toBeVisible();
    await expectNoSignIn(page, url);
  });

  test('/subscription-confirmation-error: the doubleOptInError page', async ({
    page,
    brandUrl,
  }) => {
    const url = brandUrl(hosts.photoboxUk, '/subscription-confirmation-error');
    await page.goto(url);
    await expectErrorPage(
      page,
      'Your subscription failed',
      'Something went wrong with the subscription. Could you please try again?',
    );
    await expectNoSignIn(page, url);
  });

  test('subscription failed: "Try again" opens the same link again after a server failure, else leads to the storefront, never to sign-in', async ({
    page,
    server,
    brandUrl,
  }) => {
    const email = 'retry-subscriber@example.com';
    const link = brandUrl(
      hosts.photoboxUk,
      `/subscription-confirmation?confirmation-token=tok-1&email=${encodeURIComponent(email)}`,
    );
    // The gateway fails once (a server error), then confirms: the same link can work again.
    let answers = 0;
    await page.route('**/api/email-gateway/api/v1/Profiles/*/subscription/confirm/*', (route) =>
      ++answers === 1
        ? route.fulfill({ status: 503, json: { statusCode: 503, message: 'unavailable' } })
        : route.fulfill({ json: { email, subscribed: true } }),
    );
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Your subscription failed' })).toBeVisible();
    await action(page, 'Try again').click();
    await expect(page).toHaveURL(/\/subscription-confirmation-success(\?|$)/);
    expect(answers).toBe(2);
    await expectNoSignIn(page, brandUrl(hosts.photoboxUk, '/subscription-confirmation-success'));

    // An unknown link (the real gateway answers 404) cannot work again: subscribe on the shop.
    await page.unroute('**/api/email-gateway/api/v1/Profiles/*/subscription/confirm/*');
    await page.goto(link.replace('tok-1', 'unknown'));
    await expect(page.getByRole('heading', { name: 'Your subscription failed' })).toBeVisible();
    const main = brandFor(await readClientConfig(server.port, hosts.photoboxUk), hosts.photoboxUk)
      .storefrontRoutes.Main;
    await expect(action(page, 'Try again')).toHaveAttribute('href', main);
  });
});

async function expectErrorPage(page: Page, title: string, message: string): Promise<void> {
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(action(page, 'Try again')).toBeVisible();
  const careLink = page.getByRole('link', { name: /customer care/i });
  await expect(careLink).toBeVisible();
  expect(await careLink.getAttribute('href')).toMatch(/^https?:\/\//);
  // Customer care opens beside the page that says what went wrong, and says so.
  await expect(careLink).toHaveAttribute('target', '_blank');
  await expect(careLink).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(careLink).toContainText('(opens in a new tab)');
}

test.describe('error pages inside the shell', () => {
  const errorPages: Array<[string, string, string]> = [
    [
      '/delete-account-error',
      "Your account couldn't be deleted",
      'Something went wrong with the account deletion. Could you please try again?',
    ],
    [
      '/change-email-error',
      "Your email wasn't changed",
      'Something went wrong with the email change. Could you please try again?',
    ],
  ];
  for (const [path, title, message] of errorPages) {
    test(`${path}: title, message, Try again → settings, customer care`, async ({
      demoPage,
      brandUrl,
      brandHost,
    }) => {
      await demoPage.goto(brandUrl(brandHost, path));
      await expect(
        demoPage.getByRole('banner'),
        'the shell header is shown above the error page',
      ).toBeVisible();
      await expectErrorPage(demoPage, title, message);
      await action(demoPage, 'Try again').click();
      await expect(demoPage).toHaveURL(/\/settings(\?|$)/);
    });
  }
});

test('stripped=true: reduced layout, carried on internal navigation', async ({
  demoPage,
  brandUrl,
  brandHost,
}) => {
  await demoPage.goto(brandUrl(brandHost, '/?stripped=true'));
  const ordersLink = demoPage.getByRole('link', { name: 'My orders', exact: true }).first();
  await expect(ordersLink).toBeVisible();
  await expect(demoPage.getByRole('banner'), 'no header').toHaveCount(0);
  await expect(demoPage.getByRole('contentinfo'), 'no footer').toHaveCount(0);
  await expect(accountMenuAnyLocale(demoPage), 'no side menu').toHaveCount(0);
  await ordersLink.click();
  await expect(demoPage).toHaveURL(/\/orders\?(.*&)?stripped=true(&|$)/);
  await expect(demoPage.getByRole('heading', { name: 'My orders', exact: true })).toBeVisible();
  await expect(demoPage.getByRole('banner')).toHaveCount(0);
});

// axe on every screen, the sign-in page and the shells included: web/sweeps.spec.ts.
test.describe('accessibility', () => {
  test('"Skip to main content" lands on the page heading, past the side menu, on desktop and phone', async ({
    demoPage: page,
  }) => {
    const origin = new URL(page.url()).origin;
    await page.goto(`${origin}/orders`);
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeFocused();
    // The next Tab goes on into the page, not into the side menu (once the list is in: before,
    // the page has nothing to focus and the Tab would go on to the footer).
    await expect(page.locator('main a[href^="/orders/"]').first()).toBeVisible();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({
      inPage: document.activeElement?.closest('main') !== null,
      inMenu: document.activeElement?.closest('nav') !== null,
    }));
    expect(focused).toEqual({ inPage: true, inMenu: false });

    // On a phone's home page the menu is the page: its heading is the one shown.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${origin}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeFocused();
  });
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`the shell at ${viewport.width}x${viewport.height}`, { tag: LOOKS }, () => {
    test.use({ viewport });
    for (const [name, user] of [
      ['demo', demoUser],
      ['business', businessUser],
    ] as Array<[string, Credentials]>) {
      test(`${name} on photobox-uk`, async ({ page, openSignedIn }) => {
        await openSignedIn(page, { ...user, host: hosts.photoboxUk });
        await expect(accountMenu(page)).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        await snap(page, `shell-${name}`);
        // Nothing may stick out sideways on a phone.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
      });
    }
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
