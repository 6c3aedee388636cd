// `npm run desktop:dist`: builds the desktop app and packages it with electron-builder
// (electron-builder.yml: AppImage and deb on Linux, dmg on macOS, nsis on Windows, with Electron
// fuses) into dist/desktop. electron-builder needs the Electron zip of this platform (and, for
// AppImage/deb/dmg/nsis, its packaging tools) from GitHub releases or its cache; where neither
// is available it fails, and this says so.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const electronVersion = (
  JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string }
).version;

const run = (command: string, args: string[]) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

if (run('npx', ['electron-vite', 'build']) !== 0) process.exit(1);
// The workspace root lists electron in no dependency field of its own: name the version.
const status = run('npx', [
  'electron-builder',
  '--config',
  'electron-builder.yml',
  '--publish',
  'never',
  `-c.electronVersion=${electronVersion}`,
  ...process.argv.slice(2),
]);
if (status !== 0) {
  console.error(
    `\nPackaging failed. electron-builder needs the Electron ${electronVersion} zip for ` +
      `${process.platform}-${process.arch} and its packaging tools, downloaded from GitHub ` +
      'releases into its cache (~/.cache/electron, ~/.cache/electron-builder) or given with ' +
      'ELECTRON_MIRROR / -c.electronDist=<unpacked Electron>. Machines without access to ' +
      'GitHub cannot build installers.',
  );
  process.exit(status);
}
