import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { mantineStableIds } from './web/mantine-ids';

const root = import.meta.dirname;
const desktop = (...parts: string[]) => resolve(root, 'desktop', ...parts);

/**
 * Builds the desktop app into out/ (docs/architecture.md): main → out/main, preload → out/preload,
 * renderer → out/renderer. Works without the Electron binary (electron-vite only reads
 * electron's package.json for the target versions).
 */
export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      // Bundle openid-client and zod so out/ is self-contained: electron-builder packs out/
      // only, never node_modules.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: desktop('main/index.ts') },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload cannot load ES modules or other files: one self-contained CJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: desktop('preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true },
      },
    },
  },
  renderer: {
    root: desktop('renderer'),
    plugins: [
      // The same Mantine ids as the web build (web/mantine-ids.ts).
      mantineStableIds(),
      react(),
      {
        // Absolute asset URLs: app://photo serves every client-side route (a reload of
        // /my-photos/photos) from index.html, where `./assets/…` would miss. electron-vite
        // forces './' (made for file://) in an early config hook; this one runs after it.
        name: 'photo:absolute-base',
        config: () => ({ base: '/' }),
      },
    ],
    build: {
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: {
        input: { index: desktop('renderer/index.html') },
      },
    },
  },
});
