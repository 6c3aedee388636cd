// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { NOT_IN_ENTRY, firstVisits, forbiddenModules } from './first-visit-js';
import type { BundleChunk, FirstVisit } from './first-visit-js';

const chunk = (fileName: string, over: Partial<BundleChunk> = {}): BundleChunk => ({
  fileName,
  name: fileName.replace(/\.js$/, ''),
  code: `export const ${fileName.replace(/\W/g, '_')} = ${JSON.stringify(fileName.repeat(20))};`,
  imports: [],
  isEntry: false,
  isDynamicEntry: false,
  moduleIds: [],
  ...over,
});

const bundle = [
  chunk('boot.js', { isEntry: true }),
  chunk('index.js', { isEntry: true, imports: ['framework.js'] }),
  chunk('framework.js', { moduleIds: ['/app/node_modules/react-dom/index.js'] }),
  chunk('my-photos-page.js', {
    isDynamicEntry: true,
    imports: ['window-list.js', 'framework.js'],
    moduleIds: ['/app/core/src/features/photo-library/pages/my-photos-page.tsx'],
  }),
  chunk('window-list.js', { moduleIds: ['/app/node_modules/@tanstack/virtual-core/index.js'] }),
  chunk('menu.js', {
    isDynamicEntry: true,
    moduleIds: ['/app/node_modules/@mantine/core/esm/components/Menu/Menu.mjs'],
  }),
];
const gz = (...files: string[]) =>
  files.reduce(
    (sum, file) => sum + gzipSync(bundle.find((c) => c.fileName === file)!.code).length,
    0,
  );

describe('first-visit JS', () => {
  it('counts the entries with their static imports, then each route with its own', () => {
    const [entry, photos] = firstVisits(bundle, ['my-photos-page', 'no-such-page']) as [
      FirstVisit,
      FirstVisit,
    ];
    expect(entry).toEqual({
      route: 'entry',
      files: ['boot.js', 'index.js', 'framework.js'],
      gzipBytes: gz('boot.js', 'index.js', 'framework.js'),
    });
    expect(photos.route).toBe('my-photos-page');
    expect(photos.files.sort()).toEqual(
      ['boot.js', 'framework.js', 'index.js', 'my-photos-page.js', 'window-list.js'].sort(),
    );
    // Shared chunks count once; the lazy menu not at all.
    expect(photos.gzipBytes).toBe(
      gz('boot.js', 'index.js', 'framework.js', 'my-photos-page.js', 'window-list.js'),
    );
  });

  it('names a heavy module that a static import brought into a first visit', () => {
    const visit = firstVisits(bundle, ['my-photos-page'])[1]!;
    expect(forbiddenModules(bundle, visit.files)).toEqual([]);

    const menuInPage = bundle.map((c) =>
      c.fileName === 'my-photos-page.js' ? { ...c, imports: [...c.imports, 'menu.js'] } : c,
    );
    const grown = firstVisits(menuInPage, ['my-photos-page'])[1]!;
    expect(forbiddenModules(menuInPage, grown.files)).toEqual([
      '@mantine/core/esm/components/Menu/Menu.mjs (menu.js)',
    ]);
  });

  it('knows the full zod build from zod/mini, and the sign-in library', () => {
    const files = ['a.js'];
    const withModules = (...moduleIds: string[]) => [chunk('a.js', { moduleIds })];
    expect(
      forbiddenModules(
        withModules(
          '/x/node_modules/zod/v4/mini/schemas.js',
          // A stylesheet is no script.
          '/x/node_modules/@mantine/notifications/styles.css',
        ),
        files,
      ),
    ).toEqual([]);
    expect(
      forbiddenModules(
        withModules(
          '/x/node_modules/zod/v4/classic/schemas.js',
          'C:\\x\\node_modules\\openid-client\\build\\index.js',
        ),
        files,
      ),
    ).toHaveLength(2);
  });

  it('keeps the photo schemas out of the entries, not out of the pages that use them', () => {
    const withModules = (...moduleIds: string[]) => [chunk('a.js', { moduleIds })];
    expect(
      forbiddenModules(withModules('/app/core/src/api/schemas/photo.ts'), ['a.js'], NOT_IN_ENTRY),
    ).toEqual(['/app/core/src/api/schemas/photo.ts (a.js)']);
    expect(
      forbiddenModules(
        withModules(
          '/app/core/src/api/schemas/photo-upload.ts',
          '/app/core/src/api/schemas/paging.ts',
        ),
        ['a.js'],
        NOT_IN_ENTRY,
      ),
    ).toEqual([]);
  });
});
