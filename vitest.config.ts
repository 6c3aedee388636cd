import { defineConfig } from 'vitest/config';

// One vitest run, one project per environment: core renders React in jsdom, server and the
// desktop main-process modules run under Node against real files, sockets and databases; tooling
// checks the repository's own lint rules against fixtures.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          root: './core',
          environment: 'jsdom',
          globals: true,
          setupFiles: ['./vitest.setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'web',
          root: './web',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'server',
          root: './server',
          environment: 'node',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'desktop',
          root: './desktop',
          environment: 'node',
          include: ['main/**/*.test.ts', 'common/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'tooling',
          root: './tooling',
          environment: 'node',
          include: ['lint/*.test.ts', 'lockfile/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
