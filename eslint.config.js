// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The layer table of docs/architecture.md as lint errors: a wrong import fails `npm test`.
 * Each entry names the files of one layer and the imports they must not make.
 */
const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'https',
  'net',
  'url',
  'stream',
  'worker_threads',
];
const layer = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const forbid = (group, message) => ({ group, message });
/**
 * Browser code (core, web, desktop renderer) validates with zod/mini: classic zod's method API
 * cannot be tree-shaken and cost about 25 KB gzip of the first visit's JS (budget: < 200 KB).
 */
const classicZod = {
  regex: '^zod(/v3|/v4|/v4/classic(/.*)?)?$',
  message:
    "browser code imports 'zod/mini' (tree-shakable), never classic 'zod': it costs ~25 KB gzip of initial JS (docs/conventions.md)",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/out/**',
      '**/dist/**',
      '.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'core/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['core/**/*.{ts,tsx}', 'web/**/*.{ts,tsx}', 'desktop/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // core (rest): no Node built-ins, no electron, nothing from web/desktop/server.
  layer(
    ['core/src/**/*.{ts,tsx}'],
    [
      forbid(nodeBuiltins, 'core runs in the browser and the Electron renderer: no Node built-ins'),
      forbid(['electron', 'electron/*'], 'core must not import electron; use the platform seam'),
      forbid(
        [
          '@photo/web',
          '@photo/web/*',
          '@photo/desktop',
          '@photo/desktop/*',
          '@photo/server',
          '@photo/server/*',
          '**/web/src/**',
          '**/desktop/**',
          '**/server/src/**',
        ],
        'core must not import web, desktop or server',
      ),
      classicZod,
    ],
  ),
  // core/src/api/schemas: zod/mini only. After the core layer: the later block's rule wins for these files.
  {
    files: ['core/src/api/schemas/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod/mini$|\\./|\\.\\./).*',
              message:
                "schemas may import 'zod/mini' only (docs/architecture.md layers; classic zod is not tree-shakable)",
            },
          ],
        },
      ],
    },
  },
  layer(
    ['web/src/**/*.{ts,tsx}'],
    [
      forbid(nodeBuiltins, 'web runs in the browser: no Node built-ins'),
      forbid(['electron', 'electron/*'], 'web must not import electron'),
      forbid(
        [
          '@photo/server',
          '@photo/server/*',
          '@photo/desktop',
          '@photo/desktop/*',
          '**/server/src/**',
          '**/desktop/**',
        ],
        'web may import core only',
      ),
      classicZod,
    ],
  ),
  layer(
    ['desktop/main/**/*.ts'],
    [
      forbid(
        [
          'react',
          'react-dom',
          'react-dom/*',
          '@mantine/*',
          '@photo/web',
          '@photo/web/*',
          '**/renderer/**',
        ],
        'desktop/main must not import React or UI',
      ),
      {
        regex: '^@photo/core/(?!api/schemas/|platform/).*',
        message: "desktop/main may import only core's schemas and platform types",
      },
    ],
  ),
  {
    files: ['desktop/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!electron$|\\.\\./common/ipc-contract$|\\./).*',
              message:
                'preload may import electron (contextBridge/ipcRenderer) and the IPC contract only',
            },
          ],
        },
      ],
    },
  },
  layer(
    ['desktop/renderer/**/*.{ts,tsx}'],
    [
      forbid(nodeBuiltins, 'the renderer is sandboxed: no Node built-ins'),
      forbid(
        ['electron', 'electron/*', '**/main/**', '**/preload/**'],
        'the renderer talks to main through the preload bridge only',
      ),
      classicZod,
    ],
  ),
  layer(
    ['server/src/**/*.ts'],
    [
      forbid(
        [
          'react',
          'react-dom',
          'react-dom/*',
          '@mantine/*',
          '@photo/web',
          '@photo/web/*',
          '@photo/desktop',
          '@photo/desktop/*',
        ],
        'server must not import UI',
      ),
      {
        regex: '^@photo/core/(?!api/schemas/).*',
        message: "server may import only core's schemas",
      },
    ],
  ),
  layer(
    ['e2e/**/*.ts'],
    [
      forbid(
        [
          '@photo/core',
          '@photo/core/*',
          '**/core/src/**',
          '**/web/src/**',
          '**/desktop/renderer/**',
        ],
        'e2e must not import app internals',
      ),
      {
        regex: '^@photo/server/(?!src/seed/|src/testing/).*',
        message: "e2e may import the server's seed and testing helpers only",
      },
    ],
  ),
);
