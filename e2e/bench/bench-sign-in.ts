import type { Page } from '@playwright/test';

/** Signs the demo customer in through the real login page, as the browser benches start. */
export async function signInDemo(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.origin === origin && !url.searchParams.has('code'), {
    timeout: 30_000,
  });
  await page.getByRole('navigation', { name: 'Account menu' }).waitFor({ timeout: 30_000 });
}
