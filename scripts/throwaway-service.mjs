// What the throwaway servers of scripts/postgres.mjs and scripts/redis.mjs share: their command
// line, the Debian package check (installed as root, otherwise the command to run) and a free
// port. Messages go to stderr: stdout carries only the URL, which callers read.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** @param {string} message @returns {never} */
export function fail(message) {
  console.error(message);
  process.exit(1);
}

/**
 * `start|stop --dir <folder> [--port N]`.
 * @param {string} script the script's file name, for the usage line
 * @param {string[]} argv
 */
export function parseServiceArgs(script, argv) {
  const usage = `Usage: node scripts/${script} start|stop --dir <folder> [--port N]`;
  const [command, ...rest] = argv;
  /** @type {{ command: string | undefined, dir: string | undefined, port: number | undefined }} */
  const options = { command, dir: undefined, port: undefined };
  for (let i = 0; i < rest.length; i += 1) {
    if (rest[i] === '--dir') options.dir = rest[(i += 1)];
    else if (rest[i] === '--port') options.port = Number(rest[(i += 1)]);
    else fail(`Unknown argument ${rest[i]}. ${usage}`);
  }
  if (command !== 'start' && command !== 'stop') fail(usage);
  if (!options.dir) fail('--dir <folder> is required: the folder that holds the throwaway server.');
  if (
    options.port !== undefined &&
    !(Number.isInteger(options.port) && options.port > 0 && options.port < 65536)
  )
    fail('--port must be a TCP port number (1-65535).');
  return { ...options, dir: resolve(options.dir) };
}

/**
 * Makes sure `path` exists, installing `debianPackage` with apt-get when running as root.
 * @param {{ path: string, debianPackage: string, label: string }} what
 */
export function ensureDebianPackage({ path, debianPackage, label }) {
  if (existsSync(path)) return;
  const install = `apt-get install ${debianPackage}`;
  if (!isRoot) fail(`${label} is missing (${path}): run \`${install}\` as root (Debian/Ubuntu).`);
  console.error(`${path} not found: installing Debian package "${debianPackage}" (as root).`);
  try {
    execFileSync('sh', ['-c', `apt-get update && ${install} -y`], {
      stdio: ['ignore', process.stderr, process.stderr],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    fail(`Installing ${label} with apt-get failed: run \`${install}\` as root.`);
  }
  if (!existsSync(path))
    fail(`apt-get finished but ${path} is still missing: run \`${install}\` as root.`);
}

/** A TCP port nobody listens on at 127.0.0.1 right now. @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}
