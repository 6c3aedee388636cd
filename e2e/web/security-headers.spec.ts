import { expect, test } from '../fixtures/test.ts';
import { watchCspViolations } from '../fixtures/csp.ts';
import { demoUser, hosts } from '../fixtures/users.ts';

// docs/architecture.md "Security headers". Every spec also fails on any CSP violation
// (the automatic `cspViolations` fixture); these check the policy's own promises.

test.describe('framing by a foreign site', () => {
  // Framing the app is refused by design: the browser reports that one violation.
  test.use({ allowedCspViolation: /frame-ancestors/ });

  test('the app refuses to render inside a frame of another origin', async ({ page, brandUrl }) => {
    // A public page: signed out, "/" sends the frame to the sign-in page, which refuses framing
    // too, so the control would go blank as soon as the app had started.
    const appUrl = brandUrl(hosts.default, '/account-deleted');
    // The control: the same page with its two framing headers taken off, which does render.
    const controlUrl = brandUrl(hosts.default, '/account-deleted?frame-control');
    await page.route(controlUrl, async (route) => {
      const response = await route.fetch();
      const headers = response.headers();
      delete headers['content-security-policy'];
      delete headers['x-frame-options'];
      await route.fulfill({ response, headers });
    });
    const foreign = 'http://framing-site.localhost/';
    await page.route(foreign, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Another site</title><h1>Another site</h1>
<iframe title="framed app" src="${appUrl}" width="600" height="400"></iframe>
<iframe title="control" src="${controlUrl}" width="600" height="400"></iframe>`,
      }),
    );
    // `goto` waits for the load event, which waits for both frames.
    await page.goto(foreign);
    await expect(page.frameLocator('iframe[title="control"]').locator('#root')).toHaveCount(1);
    // The browser shows its own error page in place of the app: no app markup, no app script.
    await expect(page.frameLocator('iframe[title="framed app"]').locator('#root')).toHaveCount(0);
    const headers = (await page.request.get(appUrl)).headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    await expect(page.getByRole('heading', { name: 'Another site' })).toBeVisible();
  });
});

test('the signed-in app and its photos run under the policy with no violation', async ({
  page,
  openSignedIn,
  brandUrl,
}) => {
  // A brand host: the signed photo URLs live on the public origin, another origin here.
  await openSignedIn(page, { ...demoUser, host: hosts.albelliNl });
  const response = await page.goto(brandUrl(hosts.albelliNl, '/my-photos'));
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain("'unsafe-eval'");
  expect(headers['x-frame-options']).toBe('DENY');
  const photo = page.locator('img[src*="/api/photo/images/"]').first();
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('token cookies are SameSite=Lax, not Secure on http, and live no longer than their token', async ({
  page,
  signIn,
  brandUrl,
}) => {
  const signedInAt = Date.now() / 1000;
  // Through the real login page: the sign-in pages run under their own policy too.
  await signIn(page, { ...demoUser, host: hosts.default });
  const cookies = await page.context().cookies(brandUrl(hosts.default, '/'));
  const byName = new Map(cookies.map((cookie) => [cookie.name, cookie]));
  for (const name of ['access_token', 'id_token', 'refresh_token']) {
    const cookie = byName.get(name);
    expect(cookie, name).toBeDefined();
    expect(cookie!.sameSite, name).toBe('Lax');
    expect(cookie!.secure, name).toBe(false);
    expect(cookie!.path, name).toBe('/');
  }
  // The reference provider issues access and ID tokens for an hour, refresh tokens for 30 days.
  const hour = 60 * 60;
  for (const name of ['access_token', 'id_token'])
    expect(byName.get(name)!.expires - signedInAt, name).toBeLessThanOrEqual(hour + 5);
  expect(byName.get('refresh_token')!.expires - signedInAt).toBeLessThanOrEqual(30 * 24 * hour + 5);
});

test('the violation watcher names an inline script the policy blocks', async ({
  browser,
  brandUrl,
}) => {
  // Its own context: the automatic fixture watches the test's `page`, which must stay clean.
  const context = await browser.newContext();
  try {
    const violations = await watchCspViolations(context);
    const page = await context.newPage();
    // A document that stays put (the app itself goes on to the sign-in page), under the policy.
    await page.goto(brandUrl(hosts.default, '/config.json'));
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
    });
    await expect.poll(violations).toContainEqual(expect.stringMatching(/script-src/));
    expect(await page.evaluate(() => '__injected' in window)).toBe(false);
  } finally {
    await context.close();
  }
});

test('the violation watcher names what a worker is refused', async ({ browser, brandUrl }) => {
  const context = await browser.newContext();
  try {
    const violations = await watchCspViolations(context);
    const page = await context.newPage();
    await page.goto(brandUrl(hosts.default, '/config.json'));
    // A blob worker inherits the page's policy, which allows no eval.
    await page.evaluate(() => {
      const source = new Blob(["try { eval('1') } catch {}"], { type: 'text/javascript' });
      new Worker(URL.createObjectURL(source));
    });
    await expect.poll(violations).toContainEqual(expect.stringMatching(/script-src/));
  } finally {
    await context.close();
  }
});
