import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// One vitest run, one project per environment: core renders React in jsdom, server and the
// desktop main-process modules run under Node against real files, sockets and databases; tooling
// checks the repository's own lint rules against fixtures.
//
// Speed on 2 cores (npm test prints each project's share at its end):
// - two workers (vitest's default on 2 cores is one);
// - core runs in VM contexts (`vmThreads`): a fresh jsdom for each file without loading jsdom
//   and React again, about 3 times faster. Files that mount the whole shell replace
//   `window.location`, which a VM context does not allow: they run in `core-shell`, in threads;
// - the Node projects share a worker's loaded modules between files (`isolate: false`): their
//   files mock nothing and keep no state in modules (each starts its own servers).

/**
 * The test files under `dir` of a workspace (paths relative to the workspace, as its project's
 * `include` and `exclude` take them) whose source passes `chosen`.
 */
function testFilesWhere(
  workspace: string,
  dir: string,
  chosen: (source: string) => boolean,
): string[] {
  const root = fileURLToPath(new URL(`./${workspace}/`, import.meta.url));
  return readdirSync(`${root}${dir}`, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file.replaceAll('\\', '/')}`)
    .filter((file) => chosen(readFileSync(`${root}${file}`, 'utf8')));
}

/** core's test files that mount the whole app through `testing/render-shell`. */
const shellTests = testFilesWhere('core', 'src', (source) =>
  source.includes('testing/render-shell'),
);

/** server's test files that say they are database-independent: not run again on PostgreSQL. */
const databaseIndependentTests = testFilesWhere('server', 'test', (source) =>
  source.startsWith('// Database-independent'),
);

const core = {
  environment: 'jsdom',
  globals: true,
  setupFiles: ['./vitest.setup.ts'],
  root: './core',
} as const;

const server = {
  root: './server',
  environment: 'node',
  include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
  setupFiles: ['./test/database-setup.ts'],
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    maxWorkers: 2,
    // Under `npm test`, also each project's share of the run for its closing table.
    reporters: process.env.TEST_STAGES_DIR
      ? ['default', './tooling/test-stages/vitest-stage-times.ts']
      : ['default'],
    projects: [
      {
        resolve: {
          alias: [
            {
              // In a VM context the package's CommonJS build (chosen under Node) cannot require
              // the ES module build of react-router: use its ES module build.
              find: /^react-router-dom$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router-dom/dist/index.mjs', import.meta.url),
              ),
            },
          ],
        },
        test: {
          ...core,
          name: 'core',
          pool: 'vmThreads',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: shellTests,
        },
      },
      {
        test: { ...core, name: 'core-shell', pool: 'threads', include: shellTests },
      },
      {
        test: {
          name: 'web',
          root: './web',
          environment: 'jsdom',
          pool: 'threads',
          globals: true,
          include: [
            'src/**/*.test.{ts,tsx}',
            'first-visit-js.test.ts',
            'mantine-ids.test.tsx',
            'route-preloads.test.ts',
          ],
        },
      },
      {
        test: {
          ...server,
          name: 'server',
          // The demo-data template, made once before the files start servers from it.
          globalSetup: ['./test/global-setup.ts'],
        },
      },
      {
        // The same files against PostgreSQL: a throwaway server (scripts/postgres.mjs), one
        // database per test server copied from the demo-data template database. Files that
        // begin "// Database-independent" run once, in `server`.
        test: {
          ...server,
          name: 'server-pg',
          exclude: [...configDefaults.exclude, ...databaseIndependentTests],
          globalSetup: ['./test/global-setup.ts', './test/postgres-global-setup.ts'],
        },
      },
      {
        test: {
          name: 'desktop',
          root: './desktop',
          environment: 'node',
          include: ['main/**/*.test.ts', 'common/**/*.test.ts'],
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        // The desktop renderer's own panels (the dock around core's app), in jsdom like core.
        test: {
          name: 'desktop-renderer',
          root: './desktop',
          environment: 'jsdom',
          pool: 'threads',
          include: ['renderer/**/*.test.tsx'],
          setupFiles: ['../core/vitest.setup.ts'],
        },
      },
      {
        test: {
          name: 'tooling',
          root: './tooling',
          environment: 'node',
          include: ['lint/*.test.ts', 'lockfile/*.test.ts', 'test-stages/*.test.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
