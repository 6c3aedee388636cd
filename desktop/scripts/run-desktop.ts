// `npm run desktop`: builds the desktop app and starts it in Electron against the local server
// (PHOTO_SERVER_URL, default http://localhost:8080). Where Electron cannot run it says why and
// exits non-zero, rather than hanging on a download.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SERVER_URL } from '../main/config.ts';
import { installedElectronBinary, MISSING_ELECTRON_REASON } from '../testing/electron-binary.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverUrl = process.env.PHOTO_SERVER_URL || DEFAULT_SERVER_URL;

const binary = installedElectronBinary();
if (!binary) {
  console.error(`Cannot start the desktop app: ${MISSING_ELECTRON_REASON}`);
  process.exit(1);
}

try {
  const response = await fetch(new URL('/config.json', serverUrl));
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
} catch (error) {
  console.error(
    `Cannot start the desktop app: the server at ${serverUrl} does not answer (${String(error)}). ` +
      'Start it first with `npm start` in another terminal, or point PHOTO_SERVER_URL at a running one.',
  );
  process.exit(1);
}

const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// Chromium refuses to start as root without --no-sandbox (containers, CI).
const args = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
const app = spawn(binary, [...args, path.join(root, 'out/main/index.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PHOTO_SERVER_URL: serverUrl },
});
app.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
