import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { fillLoginPage } from '../fixtures/auth.ts';
import { accessToken, hostRequest, pageFetch } from '../fixtures/http.ts';
import { text } from '../fixtures/locale-texts.ts';
import { accountMenu } from '../fixtures/shell.ts';
import type { E2eServer } from '../fixtures/server.ts';
import { expect, test } from '../fixtures/test.ts';
import { demoUser, friendUser, hosts } from '../fixtures/users.ts';

// The account lifecycle through the real mailbox (/dev/mailbox.json of the development server):
// account deletion and e-mail change (request in settings, the mailed link, confirm, sign out,
// the public page), their failures, and the newsletter's double opt-in.

interface Mail {
  subject: string;
  links: string[];
}

/** The newest mail to `to` and its link to `path`, read from the development mailbox. */
async function mailedLink(server: E2eServer, to: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const answer = await hostRequest(
          server.port,
          'localhost',
          `/dev/mailbox.json?to=${encodeURIComponent(to)}`,
        );
        const mails = (answer.json as { mails: Mail[] }).mails;
        link = mails[0]?.links.find((href) => new URL(href).pathname === path);
        return link;
      },
      { message: `a mail to ${to} with a link to ${path}` },
    )
    .toBeTruthy();
  return link!;
}

/**
 * Uploads a photo no other account has (random pixels drawn in the page) and returns the
 * SHA-256 of its bytes: storage is content-addressed, so its original lives under that name.
 */
async function uploadUniquePhoto(page: Page): Promise<string> {
  const token = await accessToken(page);
  const result = await page.evaluate(async (bearer) => {
    const canvas = new OffscreenCanvas(48, 48);
    const context = canvas.getContext('2d')!;
    for (let x = 0; x < 48; x += 8)
      for (let y = 0; y < 48; y += 8) {
        context.fillStyle = `hsl(${Math.floor(Math.random() * 360)} 80% 50%)`;
        context.fillRect(x, y, 8, 8);
      }
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const form = new FormData();
    form.append('file', new File([bytes], 'unique.png', { type: 'image/png' }));
    const response = await fetch('/api/photo/photos', {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}` },
      body: form,
    });
    return { status: response.status, bytes: Array.from(bytes) };
  }, token);
  expect(result.status, 'the upload is accepted').toBeLessThan(300);
  return createHash('sha256').update(Buffer.from(result.bytes)).digest('hex');
}

const originalPath = (server: E2eServer, hash: string) =>
  join(server.dataDir, 'storage', 'originals', hash.slice(0, 2), hash);

async function expectLoginRefused(page: Page, url: string, email: string): Promise<void> {
  await page.context().clearCookies();
  // Signed out, the app sends the page on to sign-in while it loads: wait for the first
  // response only, or the redirect aborts the navigation being waited for.
  await page.goto(url, { waitUntil: 'commit' });
  await expect(page.getByLabel('Email')).toBeVisible({ timeout: 20_000 });
  const loginOrigin = new URL(page.url()).origin;
  await fillLoginPage(page, { email, password: demoUser.password });
  await expect(page.getByText(text('en-GB', 'login.error'))).toBeVisible();
  expect(new URL(page.url()).origin, 'still on the login page').toBe(loginOrigin);
}

test.describe('account deletion', () => {
  test('request in settings, confirm through the mailed link: signed out on /account-deleted, photos gone, login refused', async ({
    page,
    signIn,
    freshServer,
  }) => {
    const home = `http://${hosts.photoboxUk}:${freshServer.port}`;
    await signIn(page, { ...demoUser, host: hosts.photoboxUk, server: freshServer });
    const hash = await uploadUniquePhoto(page);
    expect(existsSync(originalPath(freshServer, hash)), 'the original is stored').toBe(true);

    await page.goto(`${home}/settings`);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText(demoUser.email);
    await dialog.getByRole('button', { name: 'Send confirmation e-mail' }).click();
    await expect(page.getByRole('status')).toContainText(
      `we have sent a link to ${demoUser.email}`,
    );
    // Nothing is deleted before the link is opened.
    expect((await pageFetch(page, '/api/customer/customers/me')).status).toBe(200);

    const link = await mailedLink(freshServer, demoUser.email, '/delete-account-confirmation');
    expect(new URL(link).host).toBe(`${hosts.photoboxUk}:${freshServer.port}`);
    await page.goto(link);
    await expect(page).toHaveURL(/\/account-deleted(\?|$)/, { timeout: 20_000 });
    await expect(
      page.getByRole('heading', { name: 'Your account has been deleted' }),
    ).toBeVisible();
    await expect(
      page.getByText(
        'Your account and all your personal data, photos, projects and order history have been deleted.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View products' })).toBeVisible();
    const cookies = (await page.context().cookies(home)).map((cookie) => cookie.name);
    expect(cookies).not.toContain('access_token');

    expect(existsSync(originalPath(freshServer, hash)), 'the original is removed').toBe(false);
    await expectLoginRefused(page, `${home}/`, demoUser.email);
  });

  test('a link that does not work ends on /delete-account-error and the account stays', async ({
    page,
    signIn,
    launchServer,
  }) => {
    const server = await launchServer({ seed: 'users' });
    await signIn(page, { ...demoUser, host: hosts.photoboxUk, server });
    await page.goto(
      `http://${hosts.photoboxUk}:${server.port}/delete-account-confirmation?confirmation-token=forged`,
    );
    await expect(page).toHaveURL(/\/delete-account-error(\?|$)/);
    await expect(
      page.getByRole('heading', { name: "Your account couldn't be deleted" }),
    ).toBeVisible();
    expect((await pageFetch(page, '/api/customer/customers/me')).status).toBe(200);
  });
});

test.describe('e-mail change', () => {
  test('request with the new address, confirm through its link: /change-email-success, the new address signs in, the old one no longer', async ({
    page,
    signIn,
    freshServer,
  }) => {
    const home = `http://${hosts.photoboxUk}:${freshServer.port}`;
    const newEmail = 'demo.renamed@example.com';
    await signIn(page, { ...demoUser, host: hosts.photoboxUk, server: freshServer });
    await page.goto(`${home}/settings/email`);
    await expect(page.getByText(`Your current e-mail address is ${demoUser.email}`)).toBeVisible();
    await page.getByLabel('New e-mail address').fill(newEmail);
    await page.getByRole('button', { name: 'Change e-mail address' }).click();
    await expect(page.getByRole('status')).toContainText(`we have sent a link to ${newEmail}`);

    const link = await mailedLink(freshServer, newEmail, '/change-email-confirmation');
    await page.goto(link);
    await expect(page).toHaveURL(/\/change-email-success(\?|$)/, { timeout: 20_000 });
    await expect(
      page.getByRole('heading', { name: 'Your e-mail address has been changed!' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue' })).toBeVisible();
    await page.getByRole('link', { name: 'Login with your new email address' }).click();
    await expect(page.getByLabel('Email')).toBeVisible({ timeout: 20_000 });
    await fillLoginPage(page, { email: newEmail, password: demoUser.password });
    await expect(accountMenu(page)).toBeVisible({ timeout: 20_000 });
    const identity = await pageFetch(page, '/api/me/identity');
    expect((identity.json as { email: string }).email).toBe(newEmail);

    await expectLoginRefused(page, `${home}/`, demoUser.email);
  });

  test('409: the address is in use; 429: too many requests; each with its message', async ({
    page,
    signIn,
    launchServer,
  }) => {
    // One confirmation mail per account and action in the window, so the second request is a 429.
    const server = await launchServer({ seed: 'users', env: { CONFIRMATION_MAIL_LIMIT: '1' } });
    await signIn(page, { ...demoUser, host: hosts.photoboxUk, server });
    await page.goto(`http://${hosts.photoboxUk}:${server.port}/settings/email`);
    const field = page.getByLabel('New e-mail address');
    const submit = page.getByRole('button', { name: 'Change e-mail address' });

    // By keyboard: each answer takes focus (docs/product.md#focus), never the page's body.
    await field.fill(friendUser.email);
    await field.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('This e-mail address is already in use');
    await expect(page.getByRole('alert')).toBeFocused();

    await field.fill('first.new@example.com');
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toContainText('first.new@example.com');
    await expect(page.getByRole('status')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Use another address' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('New e-mail address')).toBeFocused();
    await page.keyboard.type('second.new@example.com');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(
      'Too many requests. Please wait a while before you try again.',
    );
    await expect(page.getByRole('alert')).toBeFocused();
  });
});

test.describe('newsletter double opt-in (no sign-in)', () => {
  test('the mailed link confirms on /subscription-confirmation-success; used again it fails', async ({
    page,
    server,
  }) => {
    const email = `subscriber-${Date.now()}@example.com`;
    const requested = await hostRequest(
      server.port,
      hosts.photoboxUk,
      `/api/email-gateway/api/v1/Profiles/${encodeURIComponent(email)}/subscription`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel: 'photobox-uk' }),
      },
    );
    expect(requested.status).toBe(202);
    const link = await mailedLink(server, email, '/subscription-confirmation');
    expect(new URL(link).searchParams.get('email')).toBe(email);

    await page.goto(link);
    await expect(page).toHaveURL(/\/subscription-confirmation-success(\?|$)/);
    await expect(page.getByText('Success!')).toBeVisible();
    await expect(
      page.getByText('Your e-mail address has been successfully subscribed!'),
    ).toBeVisible();

    // Single use: the same link again, or a forged token, ends on the error page.
    await page.goto(link);
    await expect(page).toHaveURL(/\/subscription-confirmation-error(\?|$)/);
    await expect(page.getByRole('heading', { name: 'Your subscription failed' })).toBeVisible();
    await page.goto(
      `http://${hosts.photoboxUk}:${server.port}/subscription-confirmation?confirmation-token=forged&email=${encodeURIComponent(email)}`,
    );
    await expect(page).toHaveURL(/\/subscription-confirmation-error(\?|$)/);
  });
});
