#!/usr/bin/env node
// `npm ci` refuses a lock file that lacks an entry for any optional dependency, even one for another
// platform. When a registry mirror does not carry a package's other-platform builds, `npm install`
// leaves those entries out and the next `npm ci` fails. This script lists them (`--check`) or adds
// them (default) with the platform fields npm reads to skip them, so `npm ci` installs everywhere.
// Run it after `npm install` changed the lock file: `node tooling/lockfile/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lockPath = fileURLToPath(new URL('../../package-lock.json', import.meta.url));

/**
 * @typedef {{ version?: string, dev?: boolean, optional?: boolean,
 *   optionalDependencies?: Record<string, string>, [field: string]: unknown }} LockEntry
 * @typedef {{ packages: Record<string, LockEntry> }} Lock
 */

/**
 * Optional dependencies of locked packages that have no entry of their own.
 * @param {Lock} lock
 */
export function missingOptionalEntries(lock) {
  /** @type {{ owner: string, name: string, version: string, dev: boolean }[]} */
  const missing = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${key}/node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (!lock.packages[nested] && !lock.packages[hoisted]) {
        missing.push({ owner: key, name, version, dev: entry.dev === true });
      }
    }
  }
  return missing;
}

/**
 * Platform fields for a build named `<scope>/<prefix>-<os>-<cpu>[-<abi>]`, as the napi-rs naming has it.
 * @param {string} name
 * @returns {{ cpu: string[], os: string[], libc?: string[] } | null}
 */
export function platformOf(name) {
  const match = /-(android|darwin|freebsd|linux|openharmony|win32)-([a-z0-9]+)(?:-([a-z]+))?$/.exec(
    name,
  );
  if (!match) return null;
  const [, os = '', cpu = '', abi] = match;
  /** @type {{ cpu: string[], os: string[], libc?: string[] }} */
  const fields = { cpu: [cpu], os: [os] };
  if (os === 'linux') fields.libc = [abi?.startsWith('musl') ? 'musl' : 'glibc'];
  return fields;
}

/** @param {Record<string, LockEntry>} packages */
function sortPackages(packages) {
  /** @type {Record<string, LockEntry>} */
  const sorted = {};
  const entries = Object.entries(packages).sort(([a], [b]) => a.localeCompare(b, 'en'));
  for (const [key, entry] of entries) sorted[key] = entry;
  return sorted;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  const missing = missingOptionalEntries(lock);
  if (process.argv.includes('--check')) {
    for (const m of missing)
      console.info(`missing: ${m.name}@${m.version} (optional for ${m.owner})`);
    process.exit(missing.length === 0 ? 0 : 1);
  }
  for (const m of missing) {
    const platform = platformOf(m.name);
    if (!platform) {
      console.error(`cannot tell the platform of ${m.name}; add its entry by hand`);
      process.exit(1);
    }
    lock.packages[`node_modules/${m.name}`] = {
      version: m.version,
      ...(m.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    console.info(`added ${m.name}@${m.version}`);
  }
  lock.packages = sortPackages(lock.packages);
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
}
