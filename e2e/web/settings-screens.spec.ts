import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { pageFetch } from '../fixtures/http.ts';
import { text } from '../fixtures/locale-texts.ts';
import { LOOKS, snap } from '../fixtures/snap.ts';
import { expect, test } from '../fixtures/test.ts';
import { businessUser, demoUser, hosts } from '../fixtures/users.ts';

// Every settings, lifecycle and confirmation screen at 390x844 and 1280x800, in en-GB
// (photobox-uk) and nl-NL (albelli-nl): each is checked for its heading and for nothing sticking
// out sideways on a phone, and in `npm run test:looks` photographed for people to look at.
// Read-only: the worker's seeded server is enough.

async function shoot(page: Page, name: string, heading: string): Promise<void> {
  await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await snap(page, name);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `horizontal overflow of ${name} in px`).toBeLessThanOrEqual(0);
}

/** No serious or critical axe violation (WCAG 2.0/2.1 A and AA) on the page as it is. */
async function expectAxeClean(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
  expect(serious, `axe on ${what}`).toEqual([]);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  for (const [host, locale] of [
    [hosts.photoboxUk, 'en-GB'],
    [hosts.albelliNl, 'nl-NL'],
  ] as const) {
    test.describe(
      `settings screens, ${locale}, ${viewport.width}x${viewport.height}`,
      { tag: LOOKS },
      () => {
        test.use({ viewport });
        const t = (key: string) => text(locale, key);

        test('consumer', async ({ page, openSignedIn, server }) => {
          const at = (path: string) => page.goto(`http://${host}:${server.port}${path}`);
          await openSignedIn(page, { ...demoUser, host });
          await at('/settings');
          await shoot(page, `settings-${locale}`, t('shell.settings.title'));
          await page.getByRole('button', { name: t('settings.deleteAccount.open') }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await snap(page, `settings-delete-dialog-${locale}`);
          await page.keyboard.press('Escape');

          await at('/settings/email');
          await shoot(page, `settings-email-${locale}`, t('shell.settings.emailTitle'));
          await at('/settings/personal-details');
          await expect(page.getByLabel(t('settings.fields.firstName'))).toHaveValue('Alex');
          await shoot(
            page,
            `settings-personal-details-${locale}`,
            t('shell.settings.personalDetailsTitle'),
          );
          await at('/settings/payment-method');
          await shoot(
            page,
            `settings-payment-method-${locale}`,
            t('shell.settings.paymentMethodTitle'),
          );
          await page.getByRole('button', { name: t('settings.payment.add') }).click();
          await snap(page, `settings-payment-form-${locale}`);
          await at('/settings/addresses/all');
          await expect(page.getByText('Prinsengracht', { exact: false })).toBeVisible();
          await shoot(page, `settings-addresses-${locale}`, t('shell.settings.addressesTitle'));
          await at('/settings/new-address');
          await page.getByRole('button', { name: t('settings.address.save') }).click();
          // Empty required fields say they are required, not that they are invalid.
          await expect(
            page.getByLabel(t('settings.address.postalCode')),
          ).toHaveAccessibleDescription(t('settings.validation.postalCodeRequired'));
          await expect(page.getByText(t('settings.validation.postalCode'))).toHaveCount(0);
          await shoot(
            page,
            `settings-new-address-errors-${locale}`,
            t('shell.settings.newAddressTitle'),
          );
          const list = await pageFetch(page, '/api/customer/customers/me/addresses');
          const [first] = (list.json as { items: Array<{ id: string }> }).items;
          await at(`/settings/address/${first!.id}`);
          await shoot(
            page,
            `settings-change-address-${locale}`,
            t('shell.settings.changeAddressTitle'),
          );
          await at('/delete-account-error');
          await snap(page, `delete-account-error-${locale}`);
          await at('/change-email-error');
          await snap(page, `change-email-error-${locale}`);
        });

        test('business', async ({ page, openSignedIn, server }) => {
          const at = (path: string) => page.goto(`http://${host}:${server.port}${path}`);
          await openSignedIn(page, { ...businessUser, host });
          await at('/settings/b2b');
          await shoot(page, `settings-b2b-${locale}`, t('shell.settings.businessTitle'));
          await at('/settings/b2b/email');
          await shoot(page, `settings-b2b-email-${locale}`, t('shell.settings.emailTitle'));
          await at('/settings/addresses/all');
          await shoot(
            page,
            `settings-b2b-addresses-${locale}`,
            t('shell.settings.businessAddresses'),
          );
          await at('/settings/b2b/new-address');
          await expect(page.getByLabel(t('settings.address.companyName'))).toBeVisible();
          await shoot(
            page,
            `settings-b2b-new-address-${locale}`,
            t('shell.settings.newAddressTitle'),
          );
          await at('/integration');
          await shoot(page, `integration-${locale}`, t('shell.integration.title'));
        });

        test('public pages', async ({ page, server }) => {
          const at = (path: string) => page.goto(`http://${host}:${server.port}${path}`);
          await at('/account-deleted');
          await shoot(page, `account-deleted-${locale}`, t('shell.accountDeleted.title'));
          await at('/change-email-success');
          await shoot(page, `change-email-success-${locale}`, t('shell.changeEmailSuccess.title'));
          await at('/subscription-confirmation-success');
          await shoot(page, `subscription-success-${locale}`, t('shell.subscription.successTitle'));
          await at('/subscription-confirmation-error');
          await expect(page).toHaveURL(/subscription-confirmation-error/);
          await snap(page, `subscription-error-${locale}`);
        });
      },
    );
  }
}

// In-page load failures (docs/product.md#failures): the one notice says what happened
// and what to do in the page's language, offers "Try again" and never shows the API's answer,
// address or the account id; a page past the last one goes to the last page. One test per
// language, each screen at 320, 390 and 1280 px.
for (const [host, locale] of [
  [hosts.photoboxUk, 'en-GB'],
  [hosts.albelliNl, 'nl-NL'],
] as const) {
  test(
    `failures say what to do and paged lists clamp, ${locale}`,
    { tag: LOOKS },
    async ({ page, openSignedIn, server }) => {
      const t = (key: string) => text(locale, key);
      const at = (path: string) => page.goto(`http://${host}:${server.port}${path}`);
      await openSignedIn(page, { ...demoUser, host });
      const accountId = ((await pageFetch(page, '/api/me/identity')).json as { id: string }).id;
      // Every failing call answers what a broken backend would: its JSON with an address and an id.
      const failing: Array<[string, string, string]> = [
        ['**/api/projects/api/v2/projects/**', '/saved-projects', 'projects.loadError'],
        ['**/api/widgets/v1/widget/all**', '/widgets', 'widgets.loadError'],
        ['**/api/products/v1/Pdfs/me', '/downloads', 'orders.downloadsLoadError'],
        ['**/api/orders/orders/byAccount/**', '/online-products', 'orders.onlineProductsLoadError'],
      ];
      for (const [pattern] of failing)
        await page.route(pattern, (route) =>
          route.fulfill({
            status: 500,
            json: {
              statusCode: 500,
              error: 'Internal Server Error',
              message: `backend down at http://internal.example/api/v2/projects/${accountId}`,
            },
          }),
        );
      // Each page loaded once and looked at in each width (the window resized, as a customer's
      // can be): a load per width cost a third of this test.
      for (const [, path, title] of failing) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await at(path);
        const notice = page.getByRole('alert').filter({ hasText: t(title) });
        await expect(notice).toBeVisible();
        await expect(notice).toContainText(t('errors.notice.retryHint'));
        await expect(notice.getByRole('button', { name: t('common.tryAgain') })).toBeVisible();
        const shown = await page.locator('main').innerText();
        for (const secret of [accountId, 'internal.example', '/api/', 'statusCode', '{'])
          expect(shown, `${path} shows ${secret}`).not.toContain(secret);
        for (const width of [1280, 390, 320]) {
          await page.setViewportSize({ width, height: width === 1280 ? 800 : 740 });
          await expect(notice).toBeVisible();
          await shoot(page, `failed${path.replace('/', '-')}-${locale}`, t(pageTitles[path]!));
          if (path === '/saved-projects')
            await expectAxeClean(page, `${path} failed at ${width} px`);
        }
      }

      // "Try again" while the service is down keeps the notice and focuses it; once it is back
      // the list shows and focus lands on the page heading.
      await page.setViewportSize({ width: 390, height: 740 });
      await at('/saved-projects');
      const notice = page.getByRole('alert').filter({ hasText: t('projects.loadError') });
      await expect(notice).toBeVisible();
      await expect(notice, 'a failure on arrival does not take focus').not.toBeFocused();
      // Still failing: the answer to the customer's retry is the notice again, with focus on it.
      await notice.getByRole('button', { name: t('common.tryAgain') }).click();
      await expect(notice).toBeFocused();
      await page.unroute(failing[0]![0]);
      await page.getByRole('button', { name: t('common.tryAgain') }).click();
      await expect(page.getByRole('navigation', { name: t('common.pagination') })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(
        page.getByRole('heading', { name: t('shell.savedProjects.title'), exact: true }),
      ).toBeFocused();

      // A page past the last one (23 projects: 3 pages) goes to the last page, replacing the URL.
      const pageOf = t('common.pageOf')
        .replace('{{page, number}}', '3')
        .replace('{{pages, number}}', '3');
      await at('/saved-projects?page=99');
      await expect(page).toHaveURL(/\/saved-projects\?page=3$/);
      for (const width of [390, 320, 1280]) {
        await page.setViewportSize({ width, height: width === 1280 ? 800 : 740 });
        await expect(page.getByText(pageOf, { exact: true })).toBeVisible();
        await expect(page.locator('main li')).not.toHaveCount(0);
        await shoot(page, `saved-projects-clamped-${locale}`, t('shell.savedProjects.title'));
      }

      // The smallest phone: the error pages and the address form's required fields fit too
      // (390 and 1280 are photographed by the tests above).
      await page.setViewportSize({ width: 320, height: 640 });
      for (const [path, title] of [
        ['/subscription-confirmation-error', 'errors.doubleOptIn.title'],
        ['/delete-account-error', 'errors.deleteAccount.title'],
        ['/change-email-error', 'errors.changeEmail.title'],
      ] as const) {
        await at(path);
        await shoot(page, `${path.slice(1).replace('-confirmation', '')}-${locale}`, t(title));
        await expectAxeClean(page, `${path} at 320 px`);
      }
      await at('/settings/new-address');
      await page.getByRole('button', { name: t('settings.address.save') }).click();
      await expect(page.getByLabel(t('settings.address.streetName'))).toHaveAccessibleDescription(
        t('settings.validation.streetNameRequired'),
      );
      await shoot(
        page,
        `settings-new-address-errors-${locale}`,
        t('shell.settings.newAddressTitle'),
      );
    },
  );
}

const pageTitles: Record<string, string> = {
  '/saved-projects': 'shell.savedProjects.title',
  '/widgets': 'shell.widgets.title',
  '/downloads': 'shell.downloads.title',
  '/online-products': 'shell.onlineProducts.title',
};

test.describe('the forms fit a 320 px screen', { tag: LOOKS }, () => {
  test.use({ viewport: { width: 320, height: 640 } });
  test('no sideways overflow on the settings forms (nl-NL, the longer texts)', async ({
    page,
    openSignedIn,
    server,
  }) => {
    const host = hosts.albelliNl;
    const t = (key: string) => text('nl-NL', key);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await openSignedIn(page, { ...businessUser, host });
    for (const [path, heading] of [
      ['/settings/b2b', 'shell.settings.businessTitle'],
      ['/settings/b2b/email', 'shell.settings.emailTitle'],
      ['/settings/personal-details', 'shell.settings.personalDetailsTitle'],
      ['/settings/b2b/new-address', 'shell.settings.newAddressTitle'],
      ['/settings/payment-method', 'shell.settings.paymentMethodTitle'],
      ['/integration', 'shell.integration.title'],
    ] as const) {
      await page.goto(`http://${host}:${server.port}${path}`);
      await expect(page.getByRole('heading', { name: t(heading), exact: true })).toBeVisible();
      if (path === '/settings/payment-method')
        await page.getByRole('button', { name: t('settings.payment.add') }).click();
      expect(await overflow(), `horizontal overflow of ${path} in px`).toBeLessThanOrEqual(0);
    }
    await snap(page, 'integration-nl-NL');
  });
});
