// @ts-check

/**
 * The shape of server/src as data: which layer may import which, and which files of each API
 * module other code may import. eslint.config.js turns it into import zones on resolved paths
 * (as feature-graph.js does for core/src), server-layers.test.ts keeps it equal to the table in
 * docs/architecture.md, and import-usage.test.ts keeps the public files to those in use.
 */

/**
 * Layers of server/src (a folder, or a file with its `.ts`, relative to server/src) and the
 * layers each may import besides itself, bottom to top. A folder covers its sub-folders unless
 * they are a layer of their own (`db` does not cover `db/migrations`, `modules` does not cover
 * `modules/index.ts`). In a row, `modules` means the public files of `serverModules`; the
 * composition root (`serverRoot`) may import any file of a module (it registers their routes).
 * Must stay acyclic.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const serverLayers = {
  // Frozen history: kysely and other migrations only (a migration copies what it needs).
  'db/migrations': [],
  db: ['db/migrations'],
  config: [],
  http: ['config', 'db'],
  jobs: ['config', 'db'],
  auth: ['config', 'db', 'http'],
  mail: ['config', 'db', 'http', 'jobs'],
  storage: ['config', 'db', 'http', 'jobs'],
  oidc: ['config', 'db', 'http', 'auth', 'mail'],
  push: ['config', 'db', 'http', 'auth'],
  'app-deps.ts': ['config', 'db', 'http', 'jobs', 'auth', 'mail', 'storage', 'oidc', 'push'],
  modules: [
    'config',
    'db',
    'http',
    'jobs',
    'auth',
    'mail',
    'storage',
    'oidc',
    'push',
    'app-deps.ts',
  ],
  seed: [
    'config',
    'db',
    'http',
    'jobs',
    'auth',
    'mail',
    'storage',
    'oidc',
    'push',
    'app-deps.ts',
    'modules',
  ],
  'modules/index.ts': ['app-deps.ts', 'modules'],
  'app.ts': [
    'config',
    'db',
    'http',
    'jobs',
    'auth',
    'mail',
    'storage',
    'oidc',
    'push',
    'app-deps.ts',
    'modules',
    'modules/index.ts',
  ],
  'server.ts': ['config', 'db', 'app-deps.ts', 'app.ts', 'seed'],
  // Test helpers reach everything (a migrated template database, the whole app).
  testing: [
    'db/migrations',
    'config',
    'db',
    'http',
    'jobs',
    'auth',
    'mail',
    'storage',
    'oidc',
    'push',
    'app-deps.ts',
    'modules',
    'seed',
    'modules/index.ts',
    'app.ts',
    'server.ts',
  ],
};

/** The composition root: registers every module's routes, so it may import any module file. */
export const serverRoot = ['modules/index.ts', 'app.ts', 'server.ts'];

/**
 * API modules under server/src/modules/ and the files (without `.ts`) that code outside the
 * module may import: repositories, services and rules others share. Never a routes file
 * (`plugin.ts`, `*-routes.ts`): what two modules share moves out of it. Exactly the files in use
 * from outside (import-usage.test.ts).
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const serverModules = {
  analytics: ['analytics-repository'],
  customer: [],
  delivery: [],
  'email-gateway': [],
  experiments: ['experiments-repository'],
  identity: [],
  invoices: [],
  merchandise: [],
  orders: [
    'articles',
    'channels',
    'order-documents',
    'order-pdfs',
    'order-presenter',
    'orders-repository',
    'super-order',
  ],
  'photo-management': [
    'album-stats-repository',
    'albums-repository',
    'context',
    'photo-context',
    'photo-ingest',
    'photos-repository',
  ],
  products: [],
  projects: [],
  push: [],
  reorder: [],
  reports: ['report-host'],
  storage: [],
  storefront: [],
  'support-widgets': [],
  vouchers: [],
  widgets: [],
};

/** A routes file of a module: never public. */
export const isRoutesFile = (/** @type {string} */ name) =>
  name === 'plugin' || name.endsWith('-routes');
