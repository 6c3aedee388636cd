// Debian's Chromium for the browser tests and benchmarks (never a Playwright download, which
// cannot be fetched offline). Installs the Debian package when we may (root), otherwise stops
// with one clear line. CHROMIUM_PATH points both at another Chromium.
//
//   node scripts/ensure-chromium.mjs          the headless shell the e2e suites drive (npm test)
//   node scripts/ensure-chromium.mjs full     the whole browser the benchmarks measure
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const kinds = {
  headless: { path: '/usr/bin/chromium-headless-shell', debianPackage: 'chromium-headless-shell' },
  full: { path: '/usr/bin/chromium', debianPackage: 'chromium' },
};
const kind = process.argv[2] === 'full' ? kinds.full : kinds.headless;
const chromiumPath = process.env.CHROMIUM_PATH || kind.path;
const install = `apt-get install ${kind.debianPackage}`;

if (existsSync(chromiumPath)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(
    `CHROMIUM_PATH points at ${chromiumPath}, which does not exist: set it to a Chromium executable.`,
  );
  process.exit(1);
}

if (typeof process.getuid === 'function' && process.getuid() === 0) {
  console.info(
    `${chromiumPath} not found: installing Debian package "${kind.debianPackage}" (running as root).`,
  );
  try {
    execSync(`apt-get update && ${install} -y`, { stdio: 'inherit' });
  } catch {
    console.error(
      `Installing Chromium with apt-get failed: run \`${install}\` as root, or set CHROMIUM_PATH.`,
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
  `Chromium is missing: run \`${install}\` as root (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium executable.`,
);
process.exit(1);
