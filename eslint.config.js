// @ts-check
import { existsSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import {
  coreLayers,
  featureGraph,
  testFileGlobs,
  topologicalOrder,
} from './tooling/lint/feature-graph.js';
import {
  isRoutesFile,
  serverLayers,
  serverModules,
  serverRoot,
} from './tooling/lint/server-layers.js';
import { typeCyclePlugin } from './tooling/lint/type-cycle-rule.js';

/**
 * The layer table and the feature graph of docs/architecture.md as lint errors, so a wrong import
 * fails `npm test`. Three kinds of rule (tooling/lint/README.md):
 * - imports of our own files are checked on their resolved path (relative, `@photo/*` and dynamic
 *   `import()` alike) by `import-x/no-restricted-paths`, with zones built from the data in
 *   tooling/lint/feature-graph.js;
 * - imports of packages and Node built-ins are checked by name: `no-restricted-imports` for
 *   static imports and re-exports, `no-restricted-syntax` for `import()`, from one list per area;
 * - `import-x/no-cycle` rejects import cycles, and `photo/no-type-cycle` the cycles it skips
 *   because a type-only import closes them.
 */
const root = path.dirname(fileURLToPath(import.meta.url));
const see = 'See the layer table and feature graph in docs/architecture.md.';

// A cycle in the declared graph or layer table would make the zones below meaningless: fail
// loudly instead.
topologicalOrder(featureGraph);
topologicalOrder(serverLayers);

// ---- Imports of our own files, by resolved path ---------------------------------------------

/** Absolute globs: the rule matches `except` against absolute paths as they are. */
const glob = (/** @type {string} */ relative) => path.join(root, relative);
const inside = (/** @type {string} */ folder) => glob(`${folder}/**`);
const unique = (/** @type {string[]} */ list) => [...new Set(list)];
const core = (/** @type {string} */ folder) => `core/src/${folder}`;
/** @typedef {{ target: string[], from: string[], except?: string[], message: string }} Zone */

const sharedLayers = coreLayers.features ?? [];
const layerNames = Object.keys(coreLayers);
const features = Object.keys(featureGraph);
/** A layer's files, without its sub-folders that are layers of their own (api vs api/schemas). */
const layerFiles = (/** @type {string} */ layer) => {
  const own = layerNames.filter((other) => other.startsWith(`${layer}/`));
  if (own.length === 0) return [inside(core(layer))];
  const names = own.map((other) => other.slice(layer.length + 1));
  return [glob(`${core(layer)}/*`), glob(`${core(layer)}/!(${names.join('|')})/**`)];
};
/** Sub-folders of a core/src folder as they are on disk now, to name the ones the table lacks. */
const foldersOf = (/** @type {string} */ folder) => {
  const absolute = path.join(root, 'core/src', folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
};
const notInGraph =
  'is not in the feature graph: add it to tooling/lint/feature-graph.js and the diagram in ' +
  `docs/architecture.md, or move its files into a feature or a layer. ${see}`;

/**
 * Zones inside core/src: each layer and each feature may import what its row allows. Test files
 * may also import core/src/testing.
 * @param {{ tests: boolean }} options
 * @returns {Zone[]}
 */
function coreZones({ tests }) {
  const testing = tests ? [inside(core('testing'))] : [];
  /** @type {Zone[]} */
  const layers = layerNames
    .filter((layer) => layer !== 'features' && layer !== 'app')
    .map((layer) => {
      const allowed = coreLayers[layer] ?? [];
      return {
        target: layerFiles(layer),
        from: [inside('core/src')],
        except: unique([...[layer, ...allowed].map((name) => inside(core(name))), ...testing]),
        message:
          `core/src/${layer} may import ${allowed.length ? allowed.join(', ') : 'nothing else in core'} ` +
          `besides itself${layer === 'api/schemas' ? ' (and zod/mini)' : ''}; never features/ or app/. ` +
          `Move what both need into a lower layer. ${see}`,
      };
    });
  /** @type {Zone[]} */
  const graph = features.map((feature) => {
    const allowed = featureGraph[feature] ?? [];
    return {
      target: [inside(core(`features/${feature}`))],
      from: [inside('core/src')],
      except: [
        inside(core(`features/${feature}`)),
        ...allowed.map((name) => inside(core(`features/${name}`))),
        ...sharedLayers.map((name) => inside(core(name))),
        ...testing,
      ],
      message:
        `features/${feature} may import the features ${allowed.length ? allowed.join(', ') : '(none)'} ` +
        `and the layers ${sharedLayers.join(', ')}; never app/. Put what several features share in a ` +
        `feature they may all import, compose features in app/, or add an edge to ` +
        `tooling/lint/feature-graph.js and the diagram in docs/architecture.md if it keeps the graph acyclic.`,
    };
  });
  const topLevel = new Set(layerNames.map((name) => name.split('/')[0]));
  /** @type {Zone[]} */
  const unknown = [
    ...foldersOf('features')
      .filter((name) => !features.includes(name))
      .map((name) => ({
        target: [inside(core(`features/${name}`))],
        from: [inside('core/src')],
        except: [
          inside(core(`features/${name}`)),
          ...sharedLayers.map((layer) => inside(core(layer))),
          ...testing,
        ],
        message: `features/${name} ${notInGraph}`,
      })),
    ...foldersOf('')
      .filter((name) => !topLevel.has(name))
      .map((name) => ({
        target: [inside(core(name))],
        from: [inside('core/src')],
        except: [inside(core(name))],
        message: `core/src/${name} ${notInGraph}`,
      })),
  ];
  return [...layers, ...graph, ...unknown];
}

/**
 * Zones between the workspaces. Test files (`tests: true`) of the desktop main process may also
 * start the real server through server/src/testing and server/src/seed, as e2e does.
 * @param {{ tests: boolean }} options
 * @returns {Zone[]}
 */
const workspaceZones = ({ tests }) => [
  {
    target: [inside('core')],
    from: ['web', 'desktop', 'server', 'e2e'].map(inside),
    message: `core is shared by web and desktop and never imports them or the server; ask the platform seam (core/src/platform) instead. ${see}`,
  },
  {
    target: [inside('web')],
    from: ['desktop', 'server', 'e2e'].map(inside),
    message: `web may import core only. ${see}`,
  },
  {
    target: [inside('desktop/main'), inside('desktop/common'), inside('desktop/testing')],
    from: [inside('core')],
    except: [inside(core('api/schemas')), inside(core('platform')), inside(core('transfer'))],
    message: `the desktop main process may import core's api/schemas, platform types and the upload engine (core/src/transfer) only, never React or core UI. ${see}`,
  },
  {
    target: [inside('desktop/main'), inside('desktop/testing')],
    from: ['web', 'server', 'e2e', 'desktop/renderer', 'desktop/preload'].map(inside),
    except: tests ? [inside('server/src/testing'), inside('server/src/seed')] : [],
    message: `desktop/main may import Node, electron, openid-client, desktop/common and core's schemas and platform types only (its tests also server/src/testing and server/src/seed). ${see}`,
  },
  ...(tests
    ? []
    : [
        {
          target: [inside('desktop/main')],
          from: [inside('desktop/testing')],
          message: `desktop/testing composes the main-process modules for the tests and the desktop-harness e2e project; the app itself never imports it. ${see}`,
        },
      ]),
  {
    target: [inside('desktop/common')],
    from: ['web', 'server', 'e2e', 'desktop/main', 'desktop/renderer', 'desktop/preload'].map(
      inside,
    ),
    message: `desktop/common is loaded by main, preload and renderer alike: it holds the IPC contract and imports nothing of theirs. ${see}`,
  },
  {
    target: [inside('desktop/preload')],
    from: ['core', 'web', 'server', 'e2e', 'desktop'].map(inside),
    except: [inside('desktop/preload'), glob('desktop/common/ipc-contract.*')],
    message: `preload may import electron (contextBridge/ipcRenderer) and desktop/common/ipc-contract only. ${see}`,
  },
  {
    target: [inside('desktop/renderer')],
    from: ['web', 'server', 'e2e', 'desktop/main', 'desktop/preload'].map(inside),
    message: `the renderer is core in a sandbox: it reaches the main process through the preload bridge (window API typed by desktop/common/ipc-contract) only. ${see}`,
  },
  {
    target: [inside('server')],
    from: [inside('core')],
    except: [inside(core('api/schemas'))],
    message: `the server may import core's api/schemas only (the shared contract), never React, core UI or other core code. ${see}`,
  },
  {
    target: [inside('server')],
    from: ['web', 'desktop', 'e2e'].map(inside),
    message: `the server never imports the clients or the e2e tests. ${see}`,
  },
  {
    target: [glob('e2e/*'), glob('e2e/!(bench)/**')],
    from: ['core', 'web', 'desktop', 'server'].map(inside),
    except: [inside('server/src/seed'), inside('server/src/testing'), inside('desktop/testing')],
    message: `e2e tests drive the app through Playwright; from the code they may import server/src/seed, server/src/testing and desktop/testing only. ${see}`,
  },
  {
    // The upload benchmark runs the product's upload engine under Node, as desktop main does
    // (with main's own upload helpers, e.g. its checksum).
    target: [inside('e2e/bench')],
    from: ['core', 'web', 'desktop', 'server'].map(inside),
    except: [
      inside('server/src/seed'),
      inside('server/src/testing'),
      inside('desktop/testing'),
      inside(core('transfer')),
      inside('desktop/main/uploads'),
    ],
    message: `benchmarks may import server/src/seed, server/src/testing, desktop/testing, the upload engine (core/src/transfer) and desktop main's uploads only. ${see}`,
  },
];

/**
 * Zones inside server/src: each layer imports what its row of `serverLayers` allows; a module
 * imports another module's public files only (never its routes); only the composition root
 * registers routes of every module.
 * @returns {Zone[]}
 */
function serverZones() {
  const src = (/** @type {string} */ relative) => `server/src/${relative}`;
  // One file as a glob: the rule wants only globs in `except` when `from` is one.
  const file = (/** @type {string} */ relative) => glob(src(relative).replace(/\.ts$/, '.@(ts)'));
  const names = Object.keys(serverLayers);
  const modules = Object.keys(serverModules);
  /** A layer's files, without the layers inside it (db without db/migrations). */
  const layerFiles = (/** @type {string} */ layer) => {
    if (layer.endsWith('.ts')) return [file(layer)];
    const own = names
      .filter((other) => other.startsWith(`${layer}/`))
      .map((other) => other.slice(layer.length + 1));
    if (own.length === 0) return [inside(src(layer))];
    const files = own.filter((name) => name.endsWith('.ts'));
    const folders = own.filter((name) => !name.endsWith('.ts'));
    return [
      glob(files.length ? `${src(layer)}/!(${files.join('|')})` : `${src(layer)}/*`),
      glob(folders.length ? `${src(layer)}/!(${folders.join('|')})/**` : `${src(layer)}/*/**`),
    ];
  };
  /** @param {string} module */
  const publicFiles = (module) =>
    (serverModules[module] ?? []).map((name) => file(`modules/${module}/${name}.ts`));
  /** What a row allows, as globs; `modules` is the public files unless the importer is the root. */
  const allowedFiles = (/** @type {string} */ layer) =>
    (serverLayers[layer] ?? []).flatMap((name) => {
      if (name !== 'modules') return layerFiles(name);
      return serverRoot.includes(layer) ? layerFiles('modules') : modules.flatMap(publicFiles);
    });
  const rowText = (/** @type {string} */ layer) => {
    const row = serverLayers[layer] ?? [];
    const named = row.map((name) =>
      name === 'modules' && !serverRoot.includes(layer) ? "modules' public files" : name,
    );
    return named.length ? named.join(', ') : 'nothing else in server/src';
  };
  /** @type {Zone[]} */
  const layers = names
    .filter((layer) => layer !== 'modules')
    .map((layer) => ({
      target: layerFiles(layer),
      from: [inside('server/src')],
      except: unique([...layerFiles(layer), ...allowedFiles(layer)]),
      message:
        `server/src/${layer} may import ${rowText(layer)} besides itself` +
        `${layer === 'db/migrations' ? ' (a migration is frozen history: copy what it needs)' : ''}. ` +
        `Move what both need into a lower layer. ${see}`,
    }));
  /** @type {Zone[]} */
  const moduleZones = modules.map((module) => ({
    target: [inside(src(`modules/${module}`))],
    from: [inside('server/src')],
    except: unique([
      inside(src(`modules/${module}`)),
      ...allowedFiles('modules'),
      ...modules.filter((other) => other !== module).flatMap(publicFiles),
    ]),
    message:
      `modules/${module} may import ${rowText('modules')} and other modules' public files ` +
      `(serverModules in tooling/lint/server-layers.js), never their routes or the composition ` +
      `root. Move what two modules share out of the routes file, into a file declared public. ${see}`,
  }));
  const entries = (/** @type {string} */ folder) => {
    const absolute = path.join(root, 'server/src', folder);
    if (!existsSync(absolute)) return [];
    return readdirSync(absolute, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || /\.tsx?$/.test(entry.name))
      .filter((entry) => !entry.name.endsWith('.d.ts'))
      .map((entry) => entry.name);
  };
  const topLevel = new Set(names.map((name) => name.split('/')[0]));
  const notInTable =
    'is not in the server layer table: add it to tooling/lint/server-layers.js and the table in ' +
    `docs/architecture.md, or move its files into a layer. ${see}`;
  /** @type {Zone[]} */
  const unknown = [
    ...entries('modules')
      .filter((name) => !name.endsWith('.ts') && !modules.includes(name))
      .map((name) => ({
        target: [inside(src(`modules/${name}`))],
        from: [inside('server/src')],
        except: [inside(src(`modules/${name}`))],
        message: `server/src/modules/${name} ${notInTable}`,
      })),
    ...entries('')
      .filter((name) => !topLevel.has(name))
      .map((name) => ({
        target: [name.endsWith('.ts') ? file(name) : inside(src(name))],
        from: [inside('server/src')],
        except: [name.endsWith('.ts') ? file(name) : inside(src(name))],
        message: `server/src/${name} ${notInTable}`,
      })),
  ];
  // Routes files are never public, whatever the data says.
  for (const [module, files] of Object.entries(serverModules)) {
    const routes = files.filter(isRoutesFile);
    if (routes.length)
      throw new Error(
        `tooling/lint/server-layers.js: modules/${module} declares its routes file ${routes.join(', ')} public`,
      );
  }
  return [...layers, ...moduleZones, ...unknown];
}

/** @type {Zone} */
const testingZone = {
  target: [inside('core'), inside('web'), inside('desktop')],
  from: [inside(core('testing'))],
  except: [],
  message: `core/src/testing holds test helpers: only test files (*.test.ts(x), *.testing.tsx) import it. ${see}`,
};

// ---- Imports of packages and Node built-ins, by name ----------------------------------------

/** @typedef {{ regex: string, message: string }} Ban */
const escape = (/** @type {string} */ name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const oneOf = (/** @type {string[]} */ names) => `^(?:${names.map(escape).join('|')})$`;
/** Every Node built-in, bare and `node:`-prefixed, from the running Node's own list. */
const nodeBuiltins = `^node:|${oneOf(builtinModules.filter((name) => !name.startsWith('node:')))}`;
const packages = (/** @type {string[]} */ names) =>
  `^(?:${names.map(escape).join('|')})(?:\\/.*)?$`;

/** @type {(where: string) => Ban} */
const noBuiltins = (where) => ({
  regex: nodeBuiltins,
  message: `${where} runs in the browser: no Node built-ins. Ask the platform seam (core/src/platform) for what the host provides. ${see}`,
});
/** @type {(where: string) => Ban} */
const noElectron = (where) => ({
  regex: packages(['electron']),
  message: `${where} must not import electron; desktop features reach it through the platform seam and the preload bridge. ${see}`,
});
/**
 * Browser code (core, web, desktop renderer) validates with zod/mini: classic zod's method API
 * cannot be tree-shaken and costs about 25 KB gzip of the first visit's JS (budget: < 200 KB).
 * @type {Ban}
 */
const noClassicZod = {
  regex: '^zod(?:\\/v3|\\/v4|\\/v4\\/classic(?:\\/.*)?)?$',
  message: `browser code imports 'zod/mini' (tree-shakable), never classic 'zod': it costs ~25 KB gzip of initial JS (docs/conventions.md). ${see}`,
};
/** @type {(where: string) => Ban} */
const noUi = (where) => ({
  regex: packages(['react', 'react-dom', 'react-router', 'react-router-dom', '@mantine']),
  message: `${where} must not import React or UI libraries. ${see}`,
});

/**
 * Name bans per area. The areas do not overlap: ESLint lets the last matching block set a rule's
 * options, so each file gets exactly one list.
 * @type {Array<{ files: string[], ignores?: string[], bans: Ban[] }>}
 */
const nameBans = [
  {
    files: ['core/src/**'],
    ignores: ['core/src/api/schemas/**', 'core/src/transfer/**'],
    bans: [noBuiltins('core'), noElectron('core'), noClassicZod],
  },
  {
    // The upload engine also runs in the desktop app's main process and under Node.
    files: ['core/src/transfer/**'],
    bans: [
      noBuiltins('core/src/transfer (also a Web Worker and the browser)'),
      noElectron('core/src/transfer'),
      noClassicZod,
      noUi('core/src/transfer (the upload engine runs in Node and Web Workers too)'),
    ],
  },
  {
    // Schema tests never ship: they follow core's rules (vitest included), not the schemas' list.
    files: testFileGlobs.map((pattern) => `core/src/api/schemas/${pattern}`),
    bans: [noBuiltins('core'), noElectron('core'), noClassicZod],
  },
  {
    files: ['core/src/api/schemas/**'],
    ignores: testFileGlobs,
    bans: [
      {
        regex: '^(?!zod\\/mini$|libphonenumber-js\\/max$|\\.{1,2}\\/|@photo\\/).*',
        message: `schemas may import 'zod/mini', 'libphonenumber-js/max' (phone rules shared by forms and server) and other schemas only: the server and every client read them, and classic zod is not tree-shakable. ${see}`,
      },
    ],
  },
  { files: ['web/src/**'], bans: [noBuiltins('web'), noElectron('web'), noClassicZod] },
  {
    files: ['desktop/renderer/**'],
    bans: [
      noBuiltins('the desktop renderer (sandboxed)'),
      noElectron('the renderer'),
      noClassicZod,
    ],
  },
  {
    files: ['desktop/common/**'],
    bans: [
      noBuiltins('desktop/common (also loaded by the renderer)'),
      noElectron('desktop/common'),
      noUi('desktop/common'),
    ],
  },
  {
    files: ['desktop/main/**', 'desktop/testing/**'],
    bans: [noUi('desktop/main')],
  },
  {
    files: ['desktop/preload/**'],
    bans: [
      {
        regex: '^(?!electron$|\\.{1,2}\\/).*',
        message: `preload may import electron (contextBridge/ipcRenderer) and desktop/common/ipc-contract only. ${see}`,
      },
    ],
  },
  {
    files: ['server/**'],
    ignores: ['server/src/db/migrations/**'],
    bans: [noUi('the server'), noElectron('the server')],
  },
  {
    // A migration is frozen history: what it runs must not change when a package or our code does.
    files: ['server/src/db/migrations/**'],
    bans: [
      {
        regex: '^(?!kysely$|\\.{1,2}\\/).*',
        message: `migrations import kysely and other migrations only: a migration is frozen history, so it copies what it needs instead of importing live code. ${see}`,
      },
    ],
  },
  {
    files: ['e2e/**'],
    bans: [noUi('e2e tests (they drive the built app through Playwright)')],
  },
];

/** Globals of a page that Node and Web Workers lack (or that mean something else there). */
const transferBannedGlobals = [
  'window',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'XMLHttpRequest',
  'FileReader',
  'Worker',
  'self',
  'HTMLElement',
  'Image',
];

/**
 * `no-restricted-imports` cannot see `import()`; the same bans go to `no-restricted-syntax`.
 * @param {(typeof nameBans)[number]} area
 * @returns {import('eslint').Linter.Config}
 */
const banBlock = ({ files, ignores, bans }) => ({
  files,
  ...(ignores ? { ignores } : {}),
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: bans.map(({ regex, message }) => ({ regex, message, caseSensitive: true })) },
    ],
    'no-restricted-syntax': [
      'error',
      ...bans.map(({ regex, message }) => ({
        selector: `ImportExpression[source.value=/${regex}/]`,
        message,
      })),
    ],
  },
});

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
      // Deliberately wrong imports for tooling/lint/layer-rules.test.ts.
      'tooling/lint/fixtures/**',
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
  ...nameBans.map(banBlock),
  {
    // The upload engine runs in a page, a Web Worker and Node: no DOM or page globals.
    files: ['core/src/transfer/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...transferBannedGlobals.map((name) => ({
          name,
          message: `core/src/transfer runs in the browser, a Web Worker and Node (desktop main): no DOM or page globals such as ${name}; take what the host provides as an argument. ${see}`,
        })),
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'import-x': importX, photo: typeCyclePlugin },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      // Resolves relative paths, `@photo/*` workspace names through their package exports to the
      // real files (symlinks followed), `.ts` extensions and dynamic import().
      'import-x/resolver-next': [
        // The root tsconfig.json references every workspace's own.
        createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'photo/no-type-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...workspaceZones({ tests: false }),
            ...coreZones({ tests: false }),
            ...serverZones(),
            testingZone,
          ],
        },
      ],
    },
  },
  {
    // Tests and the test helpers themselves may use core/src/testing.
    files: [...testFileGlobs, 'core/src/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...workspaceZones({ tests: true }),
            ...coreZones({ tests: true }),
            ...serverZones(),
          ],
        },
      ],
    },
  },
);
