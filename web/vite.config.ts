import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { NOT_IN_ENTRY, firstVisits, forbiddenModules } from './first-visit-js';
import type { BundleChunk } from './first-visit-js';
import { mantineStableIds } from './mantine-ids';
import { PRELOADED_ROUTES } from './route-preloads';

/** The reference server, for `npm run dev -w web` (it serves config, locales, OIDC and APIs). */
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

/**
 * The JavaScript of a first visit (`first-visit-js.ts`): prints the gzip size of the entries and
 * of the entries with each preloaded route's page, and fails the build when the first visit to
 * My photos (what bench:timeline counts) passes `budgetKb`, or when a module named in
 * `NOT_IN_FIRST_VISIT` is in a lean one (`LEAN_FIRST_VISITS`). Per package and module:
 * `scripts/js-breakdown.mjs`.
 */
function firstVisitJs(budgetKb = 212): Plugin {
  return {
    name: 'first-visit-js',
    apply: 'build',
    // After every generateBundle hook: Vite adds each lazy import's preload list to the code then.
    writeBundle(_options, bundle) {
      const chunks: BundleChunk[] = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk'
          ? [
              {
                fileName: item.fileName,
                name: item.name,
                code: item.code,
                imports: item.imports,
                isEntry: item.isEntry,
                isDynamicEntry: item.isDynamicEntry,
                moduleIds: item.moduleIds,
              },
            ]
          : [],
      );
      const visits = firstVisits(chunks, [...new Set(Object.values(PRELOADED_ROUTES))]);
      for (const visit of visits) {
        const kb = visit.gzipBytes / 1024;
        const measured = visit.route === BUDGETED_ROUTE;
        this.info(
          `first visit JS, ${visit.route === 'entry' ? 'entries alone' : `with ${visit.route}`}: ${visit.files.length} chunks, ${kb.toFixed(1)} KB gzip${measured ? ` (budget ${budgetKb} KB)` : ''}`,
        );
        if (measured && kb > budgetKb)
          this.error(
            `The first visit to My photos downloads ${kb.toFixed(1)} KB of JavaScript (gzip), over its ${budgetKb} KB budget: see scripts/js-breakdown.mjs for what grew.`,
          );
        const forbidden = LEAN_FIRST_VISITS.has(visit.route)
          ? forbiddenModules(chunks, visit.files)
          : [];
        if (forbidden.length > 0)
          this.error(
            `Not needed before the first paint, but in the first visit with ${visit.route}: ${forbidden.join(', ')} (web/first-visit-js.ts).`,
          );
        const inEntry =
          visit.route === 'entry' ? forbiddenModules(chunks, visit.files, NOT_IN_ENTRY) : [];
        if (inEntry.length > 0)
          this.error(
            `Only for the pages that use them, but in every page's first download (the entries): ${inEntry.join(', ')} (NOT_IN_ENTRY, web/first-visit-js.ts).`,
          );
      }
    },
  };
}

/**
 * The chunks a first visit loads before anything else: the entry and its static imports. Filled
 * as the bundle is written, before Vite resolves each lazy import's preload list.
 */
const entryChunks = new Set<string>();
const isEntryChunk = (fileName: string) => entryChunks.has(fileName);

function entryChunksCollector(): Plugin {
  return {
    name: 'entry-chunks',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        entryChunks.clear();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (entryChunks.has(fileName) || chunk?.type !== 'chunk') return;
          entryChunks.add(fileName);
          chunk.imports.forEach(visit);
        };
        for (const item of Object.values(bundle))
          if (item.type === 'chunk' && item.isEntry) visit(item.fileName);
      },
    },
  };
}

/** The route whose first visit has a JavaScript budget (bench:timeline's "initial JS"). */
const BUDGETED_ROUTE = 'my-photos-page';

/**
 * The first visits (entries alone, and with these pages) that may hold none of
 * `NOT_IN_FIRST_VISIT`: the landing pages, kept lean for their first paint. Other pages show
 * such parts at once (an album's sort select, a form's fields) and are only measured.
 */
const LEAN_FIRST_VISITS = new Set(['entry', 'overview-page', BUDGETED_ROUTE]);

/**
 * The boot path (docs/architecture.md "Boot"):
 * - `src/boot-entry.ts` is an entry of its own, written into index.html as an inline classic
 *   script before the app's entry: about 3 KB that start the first requests while the framework
 *   downloads;
 * - `route-preloads.json` lists, per address pattern of `route-preloads.ts`, the page chunk, the
 *   chunks it imports beyond the entry's, and their CSS. The server adds them to index.html as
 *   preload links for the address asked for, so they download with the entry instead of after
 *   it has run.
 */
function bootPath(): Plugin {
  return {
    name: 'boot-path',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const boot = chunks.find((chunk) => chunk.isEntry && chunk.name === 'boot');
        const html = bundle['index.html'];
        if (!boot || html?.type !== 'asset')
          throw new Error('boot-path: no boot entry or index.html');
        if (boot.imports.length > 0)
          throw new Error(
            `boot-path: the boot script must import nothing (${boot.imports.join(', ')})`,
          );
        // Inline, as a classic script: the parser runs it as it reaches it, about when the HTML
        // arrives. As a module file it ran only after its download and behind the compiling of
        // the app's modules (about 100 ms later); classic, its top-level names stay in a function.
        const code = boot.code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '').trim();
        if (/<\/script|<!--/i.test(code))
          throw new Error('boot-path: the boot script may not contain "</script" or "<!--"');
        if (/\bimport\b\s*[({.]|^\s*export\b/m.test(code))
          throw new Error('boot-path: the boot script must be plain script code');
        delete bundle[boot.fileName];
        delete bundle[`${boot.fileName}.map`];
        const source = String(html.source);
        // Before the stylesheet: an inline script after one waits for it. The server writes the
        // client config right before it (server/src/http/web-app.ts) and adds its hash to the
        // page's Content-Security-Policy.
        const at = source.indexOf('<script type="module"');
        html.source = `${source.slice(0, at)}<script id="boot-script">(function(){"use strict";${code}})();</script>\n    ${source.slice(at)}`;

        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const preloads: Record<string, { scripts: string[]; styles: string[] }> = {};
        for (const [path, name] of Object.entries(PRELOADED_ROUTES)) {
          const page = chunks.find((chunk) => chunk.isDynamicEntry && chunk.name === name);
          if (!page)
            this.error(
              `boot-path: no page chunk "${name}" for ${path} (web/route-preloads.ts): renamed, or imported statically?`,
            );
          const scripts = new Set<string>();
          const styles = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = byName.get(fileName);
            if (!chunk || scripts.has(fileName) || isEntryChunk(fileName)) return;
            scripts.add(fileName);
            for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
            chunk.imports.forEach(visit);
          };
          visit(page.fileName);
          preloads[path] = {
            scripts: [...scripts].map((file) => `/${file}`),
            styles: [...styles].map((file) => `/${file}`),
          };
        }
        this.emitFile({
          type: 'asset',
          fileName: 'route-preloads.json',
          source: JSON.stringify(preloads, null, 2),
        });
      },
    },
  };
}

/**
 * Brotli (quality 11) and gzip (level 9) copies of every script and stylesheet, written once at
 * build time: the server sends them as they are (`preCompressed`, server/src/http/web-app.ts),
 * about 15 % smaller than its own per-request brotli at quality 1, and without compressing the
 * same bytes again for every visitor.
 */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      // `resolve`: an --outDir given as an absolute path stays as it is.
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const assets = join(outDir, 'assets');
      const files = (await readdir(assets)).filter((file) => /\.(js|css)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(join(assets, file));
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            promisify(gzip)(bytes, { level: 9 }),
          ]);
          await writeFile(join(assets, `${file}.br`), br);
          await writeFile(join(assets, `${file}.gz`), gz);
        }),
      );
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    mantineStableIds(),
    react(),
    entryChunksCollector(),
    firstVisitJs(),
    bootPath(),
    precompressAssets(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    reportCompressedSize: true,
    modulePreload: {
      // Each lazy import preloads the chunks it needs, listed in the entry. The entry's own
      // chunks (framework, Mantine base, …) are loaded before any lazy import can run: naming
      // them again in every list only made the first download bigger.
      // index.html keeps its full list: there the entry's chunks are what must load at once.
      resolveDependencies: (_filename, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !isEntryChunk(dep)),
    },
    rolldownOptions: {
      input: {
        index: `${import.meta.dirname}/index.html`,
        boot: `${import.meta.dirname}/src/boot-entry.ts`,
      },
      output: {
        // Every page needs the framework and Mantine's base; left alone, rolldown splits them
        // into ~20 small chunks (more requests, and each gzips on its own: ~3 KB more in all).
        // Only modules every page loads belong here, or lazy-only code would move into the
        // first download (react-i18next's Trans, used by one modal, stays out).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: (id: string) =>
                /node_modules\/(react|react-dom|scheduler|react-router|@reduxjs|immer|redux|reselect|react-redux|i18next|react-i18next|i18next-resources-to-backend|zod)\//.test(
                  id,
                ) &&
                !/react-i18next\/dist\/es\/(Trans|IcuTrans|withTranslation|Translation|withSSR|useSSR)/.test(
                  id,
                ),
            },
            {
              name: 'mantine',
              test: /@mantine\/core\/esm\/(core|components\/(Box|Button|Text|Title|Group|Anchor|Center|Loader|UnstyledButton|CloseButton|Stack|Transition))\//,
            },
            {
              // App modules the entry needs that lazy chunks share: left alone, rolldown gives
              // each its own chunk, four more requests before the entry can run.
              name: 'shell',
              test: /(\/core\/src\/(api\/base-api|api\/schemas\/paging|ui\/page-title-context)\.ts|\/core\/src\/platform\/platform-context\.tsx|@mantine\/hooks\/esm\/utils\/random-id\/random-id\.mjs)$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/config.json': apiTarget,
      '/locales': apiTarget,
      '/oidc': apiTarget,
      '/api': apiTarget,
      '/push': { target: apiTarget, ws: true },
    },
  },
});
