// First step of `npm test`: the e2e suites drive Debian's Chromium (never a Playwright download,
// which cannot be fetched offline). Installs it when we may (root), otherwise stops with one clear line.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (existsSync(chromiumPath)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(
    `CHROMIUM_PATH points at ${chromiumPath}, which does not exist: set it to a Chromium executable.`,
  );
  process.exit(1);
}

if (typeof process.getuid === 'function' && process.getuid() === 0) {
  console.info(
    'Chromium not found at /usr/bin/chromium: installing Debian package "chromium" (running as root).',
  );
  try {
    execSync('apt-get update && apt-get install -y chromium', { stdio: 'inherit' });
  } catch {
    console.error(
      'Installing Chromium with apt-get failed: run `apt-get install chromium` as root, or set CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  if (existsSync(chromiumPath)) process.exit(0);
  console.error(
    `apt-get finished but ${chromiumPath} is still missing: set CHROMIUM_PATH to your Chromium executable.`,
  );
  process.exit(1);
}

console.error(
  'Chromium is missing: run `apt-get install chromium` as root (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium executable.',
);
process.exit(1);
