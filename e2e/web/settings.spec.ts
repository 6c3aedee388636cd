import type { Page } from '@playwright/test';
import { brandFor, readClientConfig } from '../fixtures/client-config.ts';
import { pageFetch } from '../fixtures/http.ts';
import { text } from '../fixtures/locale-texts.ts';
import { accountMenu } from '../fixtures/shell.ts';
import { expect, test } from '../fixtures/test.ts';
import { businessUser, demoUser, hosts } from '../fixtures/users.ts';

// The settings screens against the real customer API: addresses with the rules of the brand's
// country (in the brand's language), personal details, the payment method (brand + last four
// only), the business banner per status, the FTP callback and the Dutch login page.

const countries = [
  {
    host: hosts.photoboxUk,
    locale: 'en-GB',
    wrongPostalCode: '1016 GV',
    wrongPhone: '06 12',
    valid: {
      streetName: 'Baker Street',
      streetNumber: '221B',
      postalCode: 'NW1 6XE',
      city: 'London',
      phone: '020 7946 0018',
    },
    newCity: 'Westminster',
  },
  {
    host: hosts.albelliNl,
    locale: 'nl-NL',
    wrongPostalCode: 'NW1 6XE',
    wrongPhone: '020 7946',
    valid: {
      streetName: 'Prinsengracht',
      streetNumber: '263',
      postalCode: '1016 GV',
      city: 'Amsterdam',
      phone: '020 555 0123',
    },
    newCity: 'Haarlem',
  },
] as const;

for (const country of countries) {
  test(`addresses on ${country.host} (${country.locale}): each message, then add, edit and delete`, async ({
    page,
    signIn,
    launchServer,
  }) => {
    const t = (key: string) => text(country.locale, key);
    // The demo users only: no seeded addresses, and nothing another test can see.
    const server = await launchServer({ seed: 'users' });
    const origin = `http://${country.host}:${server.port}`;
    await signIn(page, { ...demoUser, host: country.host, server });
    await page.goto(`${origin}/settings/addresses/all`);
    await expect(page.getByText(t('shell.settings.noAddresses'))).toBeVisible();
    await page.getByRole('link', { name: t('shell.settings.newAddressTitle') }).click();
    await expect(page).toHaveURL(/\/settings\/new-address$/);

    const field = (key: string) => page.getByLabel(t(key), { exact: false });
    await field('settings.fields.firstName').fill('Alex');
    await field('settings.fields.lastName').fill('Morgan');
    await field('settings.address.streetName').fill('<script>');
    await field('settings.address.streetNumber').fill('0');
    await field('settings.address.postalCode').fill(country.wrongPostalCode);
    await field('settings.address.city').fill(country.valid.city);
    await field('settings.fields.phoneNumber').fill(country.wrongPhone);
    await page.getByRole('button', { name: t('settings.address.save') }).click();
    for (const key of ['streetName', 'streetNumber', 'postalCode', 'phoneNumber'])
      await expect(page.getByText(t(`settings.validation.${key}`), { exact: true })).toBeVisible();
    await expect(field('settings.address.streetName')).toBeFocused();
    await expect(field('settings.address.streetName')).toHaveAttribute('aria-invalid', 'true');

    await field('settings.address.streetName').fill(country.valid.streetName);
    await field('settings.address.streetNumber').fill(country.valid.streetNumber);
    await field('settings.address.postalCode').fill(country.valid.postalCode);
    await field('settings.fields.phoneNumber').fill(country.valid.phone);
    await page.getByRole('button', { name: t('settings.address.save') }).click();
    await expect(page).toHaveURL(/\/settings\/addresses\/all$/);
    const label = `${country.valid.streetName} ${country.valid.streetNumber}, ${country.valid.city}`;
    await expect(page.getByText(country.valid.postalCode, { exact: false })).toBeVisible();

    await page
      .getByRole('link', { name: t('settings.address.editLabel').replace('{{address}}', label) })
      .click();
    await expect(field('settings.address.city')).toHaveValue(country.valid.city);
    await field('settings.address.city').fill(country.newCity);
    await page.getByRole('button', { name: t('settings.address.save') }).click();
    await expect(page).toHaveURL(/\/settings\/addresses\/all$/);
    await expect(page.getByText(country.newCity, { exact: false })).toBeVisible();
    const saved = await pageFetch(page, '/api/customer/customers/me/addresses');
    expect((saved.json as { items: Array<{ city: string }> }).items.map((a) => a.city)).toEqual([
      country.newCity,
    ]);

    const newLabel = `${country.valid.streetName} ${country.valid.streetNumber}, ${country.newCity}`;
    await page
      .getByRole('button', {
        name: t('settings.address.deleteLabel').replace('{{address}}', newLabel),
      })
      .click();
    const dialog = page.getByRole('dialog', { name: t('settings.address.deleteTitle') });
    await dialog.getByRole('button', { name: t('settings.address.deleteConfirm') }).click();
    await expect(page.getByText(t('shell.settings.noAddresses'))).toBeVisible();
    const after = await pageFetch(page, '/api/customer/customers/me/addresses');
    expect((after.json as { items: unknown[] }).items).toEqual([]);
  });
}

test('personal details: a phone number of another country is refused, a valid one saved', async ({
  page,
  signIn,
  launchServer,
}) => {
  const server = await launchServer({ seed: 'users' });
  await signIn(page, { ...demoUser, host: hosts.photoboxUk, server });
  await page.goto(`http://${hosts.photoboxUk}:${server.port}/settings/personal-details`);
  await page.getByLabel('First name').fill('Alex');
  await page.getByLabel('Last name').fill('Morgan');
  // A Dutch mobile number written nationally is not a UK number.
  await page.getByLabel('Phone number').fill('06 12345678');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Phone number must be valid')).toBeVisible();
  await expect(page.getByLabel('Phone number')).toBeFocused();
  await page.getByLabel('Phone number').fill('+31 6 12345678');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved');
  const customer = await pageFetch(page, '/api/customer/customers/me');
  expect(customer.json).toMatchObject({ firstName: 'Alex', phoneNumber: '+31 6 12345678' });
});

test('payment method: a card is shown as brand and last four digits only', async ({
  page,
  signIn,
  launchServer,
}) => {
  const server = await launchServer({ seed: 'users' });
  await signIn(page, { ...demoUser, host: hosts.photoboxUk, server });
  await page.goto(`http://${hosts.photoboxUk}:${server.port}/settings/payment-method`);
  await expect(page.getByText('You have no saved payment method')).toBeVisible();
  await page.getByRole('button', { name: 'Add a payment method' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiry month').selectOption('12');
  await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel('Name on the card').fill('Alex Morgan');
  await page.getByRole('button', { name: 'Save payment method' }).click();
  await expect(page.getByText('Card number must be valid')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save payment method' }).click();
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await expect(page.getByText('4242 4242 4242 4242')).toHaveCount(0);
  const stored = await pageFetch(page, '/api/customer/customers/me/payment-method');
  expect(stored.text).not.toContain('4242424242424242');
});

test.describe('business banner per status', () => {
  // docs/product.md#business-banner: only Blocked is urgent (an alert); Default and New are a
  // note, no live region. The banner stays mounted from page to page, so it is not read again.
  for (const [email, banner, role] of [
    [businessUser.email, 'Missing account details, please complete additional details.', 'note'],
    ['business-new@example.com', 'Pending account validation', 'note'],
    ['business-blocked@example.com', 'Blocked account, please contact customer care', 'alert'],
  ] as const) {
    test(`${email}: "${banner}"`, async ({ page, signIn, server }) => {
      await signIn(page, { email, password: businessUser.password, host: hosts.photoboxUk });
      const shown = page.getByRole(role).filter({ hasText: banner });
      await expect(shown).toBeVisible();
      if (email === businessUser.email)
        await expect(shown.getByRole('link', { name: banner })).toHaveAttribute(
          'href',
          '/settings/b2b',
        );
      if (role === 'alert') {
        const care = shown.getByRole('link', { name: /contact customer care/ });
        await expect(care).toHaveAccessibleName('contact customer care (opens in a new tab)');
        await expect(care).toHaveAttribute('target', '_blank');
        const { storefrontRoutes } = brandFor(
          await readClientConfig(server.port, hosts.photoboxUk),
          hosts.photoboxUk,
        );
        await expect(care).toHaveAttribute('href', storefrontRoutes.ContactUs);
        // This account has no order in progress: the overview's link to the history sits in a
        // sentence, underlined, not told apart by colour alone (docs/product.md#focus).
        await expect(page.getByRole('link', { name: 'See your order history' })).toHaveCSS(
          'text-decoration-line',
          'underline',
        );
      } else {
        await expect(page.getByRole('alert').filter({ hasText: banner })).toHaveCount(0);
      }
      const before = await shown.elementHandle();
      await accountMenu(page).getByRole('link', { name: 'Settings', exact: true }).click();
      await expect(page).toHaveURL(/\/settings\/b2b$/);
      await expect(page.getByRole('heading', { name: 'Business settings' })).toBeVisible();
      // The same element, not a new one: a live region inserted again would be read again.
      expect(await before!.evaluate((node) => node.isConnected)).toBe(true);
    });
  }
});

async function openIntegration(page: Page, port: number) {
  await page.goto(`http://${hosts.photoboxUk}:${port}/integration`);
  await expect(page.getByRole('heading', { name: 'FTP instructions' })).toBeVisible();
}

test('FTP callback: javascript:alert(1) is refused by the form and the API; an https URL is saved', async ({
  page,
  signIn,
  launchServer,
}) => {
  const server = await launchServer({ seed: 'users' });
  await signIn(page, { ...businessUser, host: hosts.photoboxUk, server });
  await openIntegration(page, server.port);
  await expect(page.getByText('No callback has been set up yet')).toBeVisible();
  const url = page.getByLabel('Callback URL');
  await url.fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save callback' }).click();
  await expect(page.getByText('Callback URL must be an http or https URL')).toBeVisible();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toBeFocused();

  const refused = await pageFetch(page, '/api/customer/customers/me', {
    method: 'PATCH',
    body: { callbackUrl: 'javascript:alert(1)' },
  });
  expect(refused.status).toBe(400);
  expect(refused.json).toMatchObject({ field: 'body.callbackUrl' });

  await url.fill('https://print.example.com/callback');
  await page.getByLabel('Callback format').selectOption('xml');
  await page.getByRole('button', { name: 'Save callback' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved');
  await page.reload();
  await expect(page.getByLabel('Callback URL')).toHaveValue('https://print.example.com/callback');
  await expect(page.getByLabel('Callback format')).toHaveValue('xml');
  const customer = await pageFetch(page, '/api/customer/customers/me');
  expect(customer.json).toMatchObject({
    callbackUrl: 'https://print.example.com/callback',
    callbackFormat: 'xml',
  });
});

test('the login page on albelli-nl.localhost is in Dutch', async ({ page, brandUrl }) => {
  await page.goto(brandUrl(hosts.albelliNl, '/settings'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl-NL');
  await expect(page.getByLabel(text('nl-NL', 'login.email'), { exact: true })).toBeVisible();
  await expect(page.getByLabel(text('nl-NL', 'login.password'), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: text('nl-NL', 'login.submit') })).toBeVisible();
  await expect(page.getByText(/albelli/i).first()).toBeVisible();
});
