import { statfsSync } from 'node:fs';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { outputDir } from './fixtures/paths.ts';

/**
 * The browser the suites drive: Debian's Chromium headless shell (package
 * chromium-headless-shell), or CHROMIUM_PATH. It is the headless build Playwright itself uses by
 * default, without the full browser's window UI and its renderer: about a seventh less CPU per
 * test on two cores. Playwright's own browser downloads are not available on our machines.
 */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

/** The full browser, for the benchmarks (paint timings as a customer's browser makes them). */
export const browserPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

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

/**
 * Playwright moves Chromium's shared memory to files, for containers whose /dev/shm is tiny;
 * where it is large (a gigabyte or more) the files only cost system time on every page.
 */
function sharedMemoryIsLarge(): boolean {
  try {
    const { bsize, blocks } = statfsSync('/dev/shm');
    return bsize * blocks >= 1024 ** 3;
  } catch {
    return false;
  }
}

export default defineConfig({
  // Paths below are relative to this file, so the config works from any working directory.
  // E2E_OUTPUT_DIR: a private results folder when several people run suites in one checkout.
  outputDir,
  // Three workers on two cores, each with its own server (worker fixture): the tests wait on
  // the browser, the server and the clock about as much as they compute, and with two workers a
  // third of the CPU stood idle. Tests, not files, are shared out between them, so a long file
  // does not end the run alone. E2E_WORKERS overrides (e.g. 1 to watch one test at a time).
  workers: Number(process.env.E2E_WORKERS) || 3,
  fullyParallel: true,
  forbidOnly: isCi,
  retries: isCi ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The whole suite takes about four minutes; a run ten minutes past that has gone wrong.
  globalTimeout: 15 * 60_000,
  // No HTML report: failures keep their trace and screenshot under test-results/. Under
  // `npm test`, each project's seconds too, for the table it prints at its end.
  reporter: [
    ['list'],
    ...(process.env.TEST_STAGES_DIR
      ? ([['./reporters/stage-times.ts']] satisfies ReporterDescription[])
      : []),
  ],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
      ignoreDefaultArgs: sharedMemoryIsLarge() ? ['--disable-dev-shm-usage'] : [],
    },
    viewport: { width: 1280, height: 800 },
    // Recording a trace of every test cost a fifth of the run: a failure's retry records one
    // (CI retries once); locally, run the failing test again with --trace on.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    // The demo data and the saved sessions every other suite starts from (fixtures/sessions.ts).
    { name: 'setup', testDir: './setup', testMatch: /\.setup\.ts$/ },
    { name: 'web', testDir: './web', dependencies: ['setup'] },
    { name: 'desktop-harness', testDir: './desktop-harness', dependencies: ['setup'] },
    { name: 'electron', testDir: './electron' },
    // Production mode: PostgreSQL, two instances and nginx, started by the suite itself
    // (cluster/cluster-fixtures.ts); skips where they cannot be installed.
    { name: 'cluster', testDir: './cluster' },
  ],
});
