import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

/** The reference server, for `npm run dev -w web` (it serves config, locales, OIDC and APIs). */
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

/**
 * Prints the gzip size of the JavaScript a first visit downloads (the entry chunk and its static
 * imports; lazy route chunks excluded). Budget: 170 KB with the route's chunks (bench:timeline).
 */
function initialJsReport(budgetKb = 170): Plugin {
  return {
    name: 'initial-js-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        if (initial.has(fileName)) return;
        initial.add(fileName);
        for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
      let total = 0;
      for (const fileName of initial) total += gzipSync(byName.get(fileName)?.code ?? '').length;
      const kb = total / 1024;
      const verdict = kb < budgetKb ? 'within' : 'OVER';
      this.info(
        `initial JS: ${initial.size} chunks, ${kb.toFixed(1)} KB gzip (${verdict} the ${budgetKb} KB budget)`,
      );
      // A route's first visit also downloads its page chunk and that chunk's static imports.
      const closure = (root: string, into = new Set<string>()) => {
        if (into.has(root) || initial.has(root)) return into;
        into.add(root);
        for (const imported of byName.get(root)?.imports ?? []) closure(imported, into);
        return into;
      };
      const gz = (fileName: string) => gzipSync(byName.get(fileName)?.code ?? '').length;
      for (const route of ['overview-page', 'my-photos-page']) {
        const page = chunks.find((chunk) => chunk.isDynamicEntry && chunk.name === route);
        if (!page) continue;
        const extra = [...closure(page.fileName)];
        const routeKb = (total + extra.reduce((sum, fileName) => sum + gz(fileName), 0)) / 1024;
        this.info(`  with ${route}: ${routeKb.toFixed(1)} KB gzip (${extra.length} more chunks)`);
        if (process.env.BUNDLE_REPORT === route) {
          for (const fileName of extra.sort((a, b) => gz(b) - gz(a))) {
            const mods = Object.entries(byName.get(fileName)?.modules ?? {})
              .sort((a, b) => b[1].renderedLength - a[1].renderedLength)
              .slice(0, 6)
              .map(
                ([id, info]) =>
                  `${id.replace(/^.*node_modules\//, '').replace(/^.*\/(core|web)\//, '$1/')}:${(info.renderedLength / 1024).toFixed(1)}`,
              );
            this.info(
              `    ${(gz(fileName) / 1024).toFixed(1).padStart(6)} KB  ${fileName}  ${mods.join(' ')}`,
            );
          }
        }
      }
      // BUNDLE_REPORT=1: the largest modules of the initial chunks, to see what to split off.
      if (process.env.BUNDLE_REPORT) {
        const modules = [...initial].flatMap((fileName) =>
          Object.entries(byName.get(fileName)?.modules ?? {}).map(([id, info]) => ({
            id,
            size: info.renderedLength,
            code: info.code ?? '',
            fileName,
          })),
        );
        const packages = new Map<string, number>();
        const packageCode = new Map<string, string>();
        for (const { id, size, code } of modules) {
          const key = id.includes('node_modules/')
            ? (id.split('node_modules/').pop() ?? id)
                .split('/')
                .slice(0, id.includes('node_modules/@') ? 2 : 1)
                .join('/')
            : id.replace(/^.*\/(core|web)\//, '$1/');
          packages.set(key, (packages.get(key) ?? 0) + size);
          packageCode.set(key, (packageCode.get(key) ?? '') + code);
        }
        // Gzip of a package's unminified rendered code on its own: a rough, high estimate of its share.
        for (const [key, size] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
          const gzKb = gzipSync(packageCode.get(key) ?? '').length / 1024;
          this.info(
            `  ${(size / 1024).toFixed(1).padStart(7)} KB  ~${gzKb.toFixed(1).padStart(5)} KB gzip  ${key}`,
          );
        }
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

/** The routes whose page chunks the server names in `<link rel="modulepreload">` (path → chunk). */
const PRELOADED_ROUTES: Record<string, string> = {
  '/': 'overview-page',
  '/my-photos': 'my-photos-page',
  '/my-photos/photos': 'my-photos-page',
};

/**
 * The boot path (docs/architecture.md "Boot"):
 * - `src/boot-entry.ts` is an entry of its own, written into index.html as an inline classic
 *   script before the app's entry: about 3 KB that start the first requests while the framework
 *   downloads;
 * - `route-preloads.json` lists, per path above, the page chunk, the chunks it imports beyond the
 *   entry's, and their CSS. The server adds them to index.html as preload links for the path
 *   asked for, so they download with the entry instead of after it has run.
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
          if (!page) continue;
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
      outDir = join(config.root, config.build.outDir);
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
  plugins: [react(), entryChunksCollector(), initialJsReport(), bootPath(), precompressAssets()],
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
