import { defineConfig } from '@playwright/test';

/** Debian's Chromium: Playwright's own browser downloads are not available on our machines. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags Chromium needs when it runs as root in a container. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const isCi = Boolean(process.env.CI);

export default defineConfig({
  // Paths below are relative to this file, so the config works from any working directory.
  // E2E_OUTPUT_DIR: a private results folder when several people run suites in one checkout.
  outputDir: process.env.E2E_OUTPUT_DIR || './test-results',
  // Two cores shared with the app build: two workers, each with its own server (worker fixture).
  workers: 2,
  fullyParallel: false,
  forbidOnly: isCi,
  retries: isCi ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The whole suite must stay well inside 30 minutes; stop a runaway run long before that.
  globalTimeout: 25 * 60_000,
  // No HTML report: failures keep their trace and screenshot under test-results/.
  reporter: 'list',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    { name: 'web', testDir: './web' },
    { name: 'desktop-harness', testDir: './desktop-harness' },
    { name: 'electron', testDir: './electron' },
  ],
});
