import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

/** The reference server, for `npm run dev -w web` (it serves config, locales, OIDC and APIs). */
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

/**
 * Prints the gzip size of the JavaScript a first visit downloads (the entry chunk and its static
 * imports; lazy route chunks excluded). Issue 4 budget: under 200 KB.
 */
function initialJsReport(budgetKb = 200): Plugin {
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
      this.info(`initial JS: ${initial.size} chunks, ${kb.toFixed(1)} KB gzip (${verdict} the ${budgetKb} KB budget)`);
      // BUNDLE_REPORT=1: the largest modules of the initial chunks, to see what to split off.
      if (process.env.BUNDLE_REPORT) {
        const modules = [...initial].flatMap((fileName) =>
          Object.entries(byName.get(fileName)?.modules ?? {}).map(([id, info]) => ({ id, size: info.renderedLength, fileName })),
        );
        const packages = new Map<string, number>();
        for (const { id, size } of modules) {
          const key = id.includes('node_modules/') ? (id.split('node_modules/').pop() ?? id).split('/').slice(0, id.includes('node_modules/@') ? 2 : 1).join('/') : id.replace(/^.*\/(core|web)\//, '$1/');
          packages.set(key, (packages.get(key) ?? 0) + size);
        }
        for (const [key, size] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
          this.info(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${key}`);
        }
      }
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), initialJsReport()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    reportCompressedSize: true,
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
