import { test } from '@playwright/test';
import { seedTemplate } from '@photo/server/src/testing/seed-template.ts';
import { prepareSessions } from '../fixtures/sessions.ts';

// Runs before the suites (the `setup` project they depend on): the day's demo data once, then
// one real sign-in per saved user (fixtures/sessions.ts), kept for every test server of the run.

test('the demo data and a signed-in session per user', async ({ browser }) => {
  test.setTimeout(180_000);
  await test.step('demo data template', () => seedTemplate());
  const done = await test.step('signed-in sessions', () => prepareSessions(browser));
  test.info().annotations.push({ type: 'sessions', description: done });
});
