// Runs the repository's own ESLint config on one fixture per forbidden import, placed (as a
// virtual file path) where the rule applies, and asserts the expected rule reports it; allowed
// imports must pass. The fixtures import real files of the tree (picked at run time, so moving a
// file does not break them) to prove the rules see resolved paths, not only package names.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const fixtureName = 'lint-fixture';

const boundaryRules = [
  'import-x/no-restricted-paths',
  'import-x/no-cycle',
  'no-restricted-imports',
  'no-restricted-syntax',
  'no-restricted-globals',
  'photo/no-type-cycle',
] as const;
type BoundaryRule = (typeof boundaryRules)[number];

/** A real source file (not a test, not a declaration) in `folder`, first in name order. */
function someFile(folder: string): string {
  const absolute = path.join(repoRoot, folder);
  const walk = (dir: string): string | undefined => {
    const entries = readdirSync(dir).sort();
    const file = entries.find(
      (name) =>
        /\.tsx?$/.test(name) && !/\.(test|testing|d)\.tsx?$/.test(name) && !name.startsWith('.'),
    );
    if (file) return path.join(dir, file);
    for (const name of entries) {
      const child = path.join(dir, name);
      if (statSync(child).isDirectory()) {
        const found = walk(child);
        if (found) return found;
      }
    }
    return undefined;
  };
  const found = statSync(absolute, { throwIfNoEntry: false })?.isDirectory()
    ? walk(absolute)
    : undefined;
  if (!found) throw new Error(`fixture needs a source file under ${folder}, found none`);
  return found;
}

/** The specifier `from` would write for `target`: relative, without the extension. */
function relative(from: string, target: string): string {
  const specifier = path
    .relative(path.dirname(path.join(repoRoot, from)), target)
    .replace(/\.tsx?$/, '')
    .split(path.sep)
    .join('/');
  return specifier.startsWith('.') ? specifier : `./${specifier}`;
}

/** `@photo/<workspace>/...` for a file, as the workspace packages export it. */
function packageName(target: string): string {
  const [workspace = '', ...rest] = path.relative(repoRoot, target).split(path.sep);
  const inPackage = rest.join('/');
  // core exports `./*` -> `./src/*.ts` and `./*.tsx` -> `./src/*.tsx`
  if (workspace === 'core')
    return `@photo/core/${inPackage.replace(/^src\//, '').replace(/\.ts$/, '')}`;
  return `@photo/${workspace}/${inPackage}`;
}

interface Fixture {
  name: string;
  /** Virtual path of the importing file, relative to the repository root. */
  file: string;
  code: string;
}

const fixture = (name: string, folder: string, code: string, file = `${fixtureName}.ts`) => ({
  name,
  file: `${folder}/${file}`,
  code,
});
/** A fixture whose one import is `specifier(file)`. */
const importing = (
  name: string,
  folder: string,
  specifier: (file: string) => string,
  options: { dynamic?: boolean; file?: string } = {},
): Fixture => {
  const file = `${folder}/${options.file ?? `${fixtureName}.ts`}`;
  const source = specifier(file);
  const code = options.dynamic
    ? `export const load = () => import('${source}');\n`
    : `import '${source}';\n`;
  return { name, file, code };
};
const to = (folder: string) => (from: string) => relative(from, someFile(folder));
const toFile = (file: string) => (from: string) => relative(from, path.join(repoRoot, file));
const bare = (specifier: string) => () => specifier;

const forbidden: Array<Fixture & { rule: BoundaryRule }> = [
  // Features only along the graph; never app/.
  {
    ...importing(
      'a feature imports a feature outside the graph',
      'core/src/features/brand',
      to('core/src/features/auth'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'a feature imports a feature outside the graph by dynamic import()',
      'core/src/features/auth',
      to('core/src/features/customer'),
      { dynamic: true },
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('a feature imports app/', 'core/src/features/brand', toFile('core/src/app/app')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...fixture(
      'a feature re-exports from app/',
      'core/src/features/auth',
      `export * from '../../app/app';\n`,
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'a feature imports core/src/testing outside a test',
      'core/src/features/brand',
      to('core/src/testing'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'app/ imports core/src/testing outside a test',
      'core/src/app',
      to('core/src/testing'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('web imports core/src/testing outside a test', 'web/src', () =>
      packageName(someFile('core/src/testing')),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  // Shared layers never import features/ or app/, and only the layers below them.
  {
    ...importing('ui/ imports a feature', 'core/src/ui', to('core/src/features/brand')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('ui/ imports app/', 'core/src/ui', toFile('core/src/app/app')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('api/ imports a feature', 'core/src/api', to('core/src/features/auth')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('lib/ imports ui/', 'core/src/lib', to('core/src/ui')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'platform/ imports api/ beyond schemas',
      'core/src/platform',
      toFile('core/src/api/base-api'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('store/ imports ui/', 'core/src/store', to('core/src/ui')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'a schema imports ../../app/app (React)',
      'core/src/api/schemas',
      bare('../../app/app'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('a schema imports React by name', 'core/src/api/schemas', bare('react')),
    rule: 'no-restricted-imports',
  },
  {
    ...importing('a schema imports classic zod', 'core/src/api/schemas', bare('zod')),
    rule: 'no-restricted-imports',
  },
  {
    ...importing('a schema test imports a Node built-in', 'core/src/api/schemas', bare('node:fs'), {
      file: `${fixtureName}.test.ts`,
    }),
    rule: 'no-restricted-imports',
  },
  // Node built-ins and classic zod in browser code, static and dynamic.
  {
    ...importing('events in core', 'core/src/lib', bare('events')),
    rule: 'no-restricted-imports',
  },
  { ...importing('zlib in core', 'core/src/ui', bare('zlib')), rule: 'no-restricted-imports' },
  {
    ...importing('util in core', 'core/src/features/photos', bare('util')),
    rule: 'no-restricted-imports',
  },
  {
    ...importing('node:fs in core', 'core/src/features/auth', bare('node:fs')),
    rule: 'no-restricted-imports',
  },
  {
    ...importing("import('node:fs') in core", 'core/src/features/brand', bare('node:fs'), {
      dynamic: true,
    }),
    rule: 'no-restricted-syntax',
  },
  {
    ...importing("import('fs/promises') in web", 'web/src', bare('fs/promises'), { dynamic: true }),
    rule: 'no-restricted-syntax',
  },
  {
    ...importing('stream/web in the desktop renderer', 'desktop/renderer', bare('stream/web')),
    rule: 'no-restricted-imports',
  },
  {
    ...importing('classic zod in core', 'core/src/features/auth', bare('zod')),
    rule: 'no-restricted-imports',
  },
  {
    ...importing('classic zod/v4 in web', 'web/src', bare('zod/v4')),
    rule: 'no-restricted-imports',
  },
  {
    ...importing("import('zod') in core", 'core/src/ui', bare('zod'), { dynamic: true }),
    rule: 'no-restricted-syntax',
  },
  {
    ...importing('electron in core', 'core/src/platform', bare('electron')),
    rule: 'no-restricted-imports',
  },
  // The upload engine: no React, no DOM, no Node built-ins; only schemas and lib below it.
  {
    ...importing('core/src/transfer imports React', 'core/src/transfer', bare('react')),
    rule: 'no-restricted-imports',
  },
  {
    ...importing(
      'core/src/transfer imports @mantine/core',
      'core/src/transfer',
      bare('@mantine/core'),
    ),
    rule: 'no-restricted-imports',
  },
  {
    ...importing('core/src/transfer imports node:fs', 'core/src/transfer', bare('node:fs')),
    rule: 'no-restricted-imports',
  },
  {
    ...importing('core/src/transfer imports ui/', 'core/src/transfer', to('core/src/ui')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'core/src/transfer imports a feature',
      'core/src/transfer',
      to('core/src/features/photos'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...fixture(
      'core/src/transfer reads a DOM global',
      'core/src/transfer',
      `export const here = () => window.location.href;\n`,
    ),
    rule: 'no-restricted-globals',
  },
  {
    ...fixture(
      'core/src/transfer uses localStorage',
      'core/src/transfer',
      `export const read = (key: string) => localStorage.getItem(key);\n`,
    ),
    rule: 'no-restricted-globals',
  },
  {
    ...importing(
      'desktop/main imports a core feature',
      'desktop/main',
      to('core/src/features/uploads'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('a benchmark imports core UI', 'e2e/bench', () =>
      packageName(someFile('core/src/ui')),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  // server/src layers (tooling/lint/server-layers.js): nothing imports a floor above it.
  {
    ...importing(
      'a migration imports live module code',
      'server/src/db/migrations',
      toFile('server/src/modules/photo-management/photo-card.ts'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'a migration imports the table types',
      'server/src/db/migrations',
      to('server/src/db/tables'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'a migration imports a package other than kysely',
      'server/src/db/migrations',
      bare('zod'),
    ),
    rule: 'no-restricted-imports',
  },
  {
    ...importing('db imports a module', 'server/src/db', to('server/src/modules/orders')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'auth imports the sign-in provider',
      'server/src/auth',
      toFile('server/src/oidc/clients.ts'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'mail imports the sign-in pages',
      'server/src/mail',
      toFile('server/src/oidc/pages.ts'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('mail imports AppDeps', 'server/src/mail', toFile('server/src/app-deps.ts')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'config imports a module',
      'server/src/config',
      to('server/src/modules/support-widgets'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('http imports auth', 'server/src/http', to('server/src/auth')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'app-deps.ts imports a module',
      'server/src',
      toFile('server/src/modules/push/push-routes.ts'),
      {
        file: 'app-deps.ts',
      },
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('the push hub imports a module', 'server/src/push', to('server/src/modules/push')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      "a module imports another module's routes file",
      'server/src/modules/reorder',
      toFile('server/src/modules/orders/orders-routes.ts'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      "a module imports another module's plugin.ts by dynamic import()",
      'server/src/modules/storage',
      toFile('server/src/modules/photo-management/plugin.ts'),
      { dynamic: true },
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      "a module imports another module's file that is not public",
      'server/src/modules/widgets',
      toFile('server/src/modules/photo-management/signing.ts'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'a module imports the composition root',
      'server/src/modules/orders',
      toFile('server/src/app.ts'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'a module imports server/src/testing',
      'server/src/modules/orders',
      to('server/src/testing'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'the seed imports a routes file',
      'server/src/seed',
      toFile('server/src/modules/orders/orders-routes.ts'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'the seed imports the composition root',
      'server/src/seed',
      toFile('server/src/app.ts'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  // Workspaces.
  {
    ...importing('core imports web by a relative path', 'core/src/lib', to('web/src')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('core imports the server by package name', 'core/src/ui', () =>
      packageName(someFile('server/src/db')),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('web imports the server by a relative path', 'web/src', to('server/src')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('web imports desktop/main', 'web/src', to('desktop/main')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'server/src imports ../../core/src/ui/toast',
      'server/src',
      bare('../../core/src/ui/toast'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('server/src imports core features by package name', 'server/src/modules', () =>
      packageName(someFile('core/src/features/auth')),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('server/src imports React', 'server/src', bare('react')),
    rule: 'no-restricted-imports',
  },
  {
    ...importing(
      'desktop/main imports ../../core/src/ui/toast',
      'desktop/main',
      bare('../../core/src/ui/toast'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('desktop/main imports React', 'desktop/main', bare('react-dom/client')),
    rule: 'no-restricted-imports',
  },
  {
    ...importing('desktop/main imports the renderer', 'desktop/main', to('desktop/renderer')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'desktop/main (not a test) imports server/src/testing',
      'desktop/main',
      to('server/src/testing'),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('desktop/main imports desktop/testing', 'desktop/main', to('desktop/testing')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing(
      'a desktop main test imports server internals',
      'desktop/main',
      to('server/src/db'),
      {
        file: `${fixtureName}.test.ts`,
      },
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('desktop/renderer imports @photo/server/src/db/...', 'desktop/renderer', () =>
      packageName(someFile('server/src/db')),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('desktop/renderer imports desktop/main', 'desktop/renderer', to('desktop/main')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('desktop/renderer imports electron', 'desktop/renderer', bare('electron')),
    rule: 'no-restricted-imports',
  },
  {
    ...importing('preload imports desktop/main', 'desktop/preload', to('desktop/main')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('preload imports core', 'desktop/preload', to('core/src/platform')),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('preload imports a package other than electron', 'desktop/preload', bare('zod')),
    rule: 'no-restricted-imports',
  },
  {
    ...importing("preload imports import('node:path')", 'desktop/preload', bare('node:path'), {
      dynamic: true,
    }),
    rule: 'no-restricted-syntax',
  },
  {
    ...importing('e2e imports ../server/src/db', 'e2e', () =>
      relative(`e2e/${fixtureName}.ts`, someFile('server/src/db')),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('e2e imports core by package name', 'e2e/fixtures', () =>
      packageName(someFile('core/src/ui')),
    ),
    rule: 'import-x/no-restricted-paths',
  },
  {
    ...importing('e2e imports web internals', 'e2e/web', to('web/src')),
    rule: 'import-x/no-restricted-paths',
  },
];

const allowed: Fixture[] = [
  importing(
    'an allowed graph edge (flags -> brand)',
    'core/src/features/flags',
    to('core/src/features/brand'),
  ),
  importing(
    'an allowed graph edge by dynamic import() (settings -> customer)',
    'core/src/features/settings',
    to('core/src/features/customer'),
    { dynamic: true },
  ),
  importing('a feature imports ui/', 'core/src/features/brand', to('core/src/ui')),
  importing('app/ imports a feature', 'core/src/app', to('core/src/features/brand')),
  importing('ui/ imports store/', 'core/src/ui', to('core/src/store')),
  importing('a schema imports zod/mini', 'core/src/api/schemas', bare('zod/mini')),
  importing(
    'a schema imports libphonenumber-js/max (shared phone rules)',
    'core/src/api/schemas',
    bare('libphonenumber-js/max'),
  ),
  importing('a schema test imports vitest', 'core/src/api/schemas', bare('vitest'), {
    file: `${fixtureName}.test.ts`,
  }),
  importing('a schema imports another schema', 'core/src/api/schemas', to('core/src/api/schemas')),
  importing(
    'a test file imports core/src/testing',
    'core/src/features/brand',
    to('core/src/testing'),
    {
      file: `${fixtureName}.test.ts`,
    },
  ),
  importing('web imports core by package name', 'web/src', () => '@photo/core/app/app.tsx'),
  importing('desktop/main imports core schemas', 'desktop/main', () =>
    packageName(someFile('core/src/api/schemas')),
  ),
  importing('desktop/main imports core platform types', 'desktop/main', to('core/src/platform')),
  importing('desktop/main imports the upload engine', 'desktop/main', () =>
    packageName(someFile('core/src/transfer')),
  ),
  importing('the upload engine imports schemas', 'core/src/transfer', to('core/src/api/schemas')),
  importing('the upload engine imports tus-js-client', 'core/src/transfer', bare('tus-js-client')),
  importing('the upload benchmark imports the upload engine', 'e2e/bench', () =>
    packageName(someFile('core/src/transfer')),
  ),
  importing('the upload benchmark imports desktop main’s uploads', 'e2e/bench', () =>
    packageName(someFile('desktop/main/uploads')),
  ),
  importing(
    'a feature imports the upload engine',
    'core/src/features/uploads',
    to('core/src/transfer'),
  ),
  importing('desktop/main imports node:fs', 'desktop/main', bare('node:fs')),
  importing('desktop/main imports electron', 'desktop/main', bare('electron')),
  importing('preload imports electron', 'desktop/preload', bare('electron')),
  importing('preload imports the IPC contract', 'desktop/preload', bare('../common/ipc-contract')),
  importing('server imports core schemas', 'server/src/modules', () =>
    packageName(someFile('core/src/api/schemas')),
  ),
  importing('a migration imports kysely', 'server/src/db/migrations', bare('kysely')),
  importing(
    'db imports its migrations',
    'server/src/db',
    toFile('server/src/db/migrations/index.ts'),
  ),
  importing('oidc imports auth', 'server/src/oidc', to('server/src/auth')),
  importing('oidc imports mail', 'server/src/oidc', to('server/src/mail')),
  importing('mail imports http', 'server/src/mail', toFile('server/src/http/escape-html.ts')),
  importing(
    'a module imports AppDeps',
    'server/src/modules/orders',
    toFile('server/src/app-deps.ts'),
  ),
  importing(
    "a module imports another module's public file",
    'server/src/modules/reorder',
    toFile('server/src/modules/orders/channels.ts'),
  ),
  importing(
    'the module registry imports a routes file',
    'server/src/modules',
    toFile('server/src/modules/orders/orders-routes.ts'),
    { file: 'index.ts' },
  ),
  importing(
    'the seed imports a public repository',
    'server/src/seed',
    toFile('server/src/modules/photo-management/photos-repository.ts'),
  ),
  importing(
    'server/src/testing imports the app',
    'server/src/testing',
    toFile('server/src/app.ts'),
  ),
  importing('e2e imports server/src/testing', 'e2e', to('server/src/testing')),
  importing('e2e imports desktop/testing', 'e2e/fixtures', to('desktop/testing')),
  importing(
    'a desktop main test imports server/src/testing',
    'desktop/main/auth',
    to('server/src/testing'),
    { file: `${fixtureName}.test.ts` },
  ),
  importing('e2e imports server/src/seed by package name', 'e2e/fixtures', () =>
    packageName(someFile('server/src/seed')),
  ),
];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function boundaryMessages({ file, code }: Fixture) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  expect(result, file).toBeDefined();
  const messages = result?.messages ?? [];
  // A parse error or an ignored file would hide every rule: fail on it instead.
  expect(messages.filter((message) => message.fatal || !message.ruleId)).toEqual([]);
  return messages.filter((message) =>
    (boundaryRules as readonly string[]).includes(message.ruleId ?? ''),
  );
}

describe('forbidden imports are reported', () => {
  it.each(forbidden)('$name', async (entry) => {
    const messages = await boundaryMessages(entry);
    expect(
      messages.map(({ ruleId }) => ruleId),
      `${entry.file}: ${entry.code}`,
    ).toContain(entry.rule);
    for (const message of messages) {
      // Every message says where the rules are written down (no outside files).
      expect(message.message).toMatch(/docs\/architecture\.md|docs\/conventions\.md/);
    }
  });
});

describe('allowed imports pass', () => {
  it.each(allowed)('$name', async (entry) => {
    expect(await boundaryMessages(entry), `${entry.file}: ${entry.code}`).toEqual([]);
  });
});

describe('import cycles', () => {
  const cycles = path.join(repoRoot, 'tooling/lint/fixtures/cycle');
  // The fixtures are ignored by `npm run lint`; here they are linted on purpose.
  const lint = async (...files: string[]) => {
    const unignored = new ESLint({ cwd: repoRoot, ignore: false });
    const results = await unignored.lintFiles(files.map((file) => path.join(cycles, file)));
    return results.flatMap((result) =>
      result.messages
        .filter(
          (message) =>
            message.ruleId === 'import-x/no-cycle' || message.ruleId === 'photo/no-type-cycle',
        )
        .map(() => path.basename(result.filePath)),
    );
  };

  it('reports a static cycle on both files', async () => {
    expect(await lint('first.ts', 'second.ts')).toEqual(['first.ts', 'second.ts']);
  });

  it('reports a cycle closed by a dynamic import()', async () => {
    expect(await lint('lazy-first.ts', 'lazy-second.ts')).toEqual([
      'lazy-first.ts',
      'lazy-second.ts',
    ]);
  });

  it('reports a cycle of type-only imports (photo/no-type-cycle) on both files', async () => {
    expect(await lint('types-only-first.ts', 'types-only-second.ts')).toEqual([
      'types-only-first.ts',
      'types-only-second.ts',
    ]);
  });

  it("reports the preview toolbar importing the preview's types again (text not yet saved)", async () => {
    const toolbar = path.join(
      repoRoot,
      'core/src/features/photo-preview/components/preview-toolbar.tsx',
    );
    const code =
      readFileSync(toolbar, 'utf8') +
      "import type { PhotoPreview } from './photo-preview';\nexport type Preview = typeof PhotoPreview;\n";
    const [result] = await eslint.lintText(code, { filePath: toolbar });
    expect(result?.messages.map((message) => message.ruleId)).toContain('photo/no-type-cycle');
  });

  it('reports a type-only import back along a value import, on the type import', async () => {
    expect(await lint('type-first.ts', 'type-second.ts')).toEqual(['type-first.ts']);
  });
});
