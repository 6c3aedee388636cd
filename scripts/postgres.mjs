// A throwaway PostgreSQL 15 in one folder, for the server's tests, its benchmark and the local
// cluster (docs/deploy.md). Installs Debian's package when we may (root), otherwise stops with
// the command to run. Never for production data: durability is traded for speed (fsync off).
//
//   node scripts/postgres.mjs start --dir <folder> [--port N]
//       initdb's into <folder>/data when empty, starts the server on 127.0.0.1 (a free port
//       unless --port; the one already running in that folder is reused) and prints one line,
//       the superuser's URL: postgres://postgres@127.0.0.1:<port>/postgres
//   node scripts/postgres.mjs stop --dir <folder>
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const debianPackage = 'postgresql-15';
const binDir = '/usr/lib/postgresql/15/bin';
const install = `apt-get install ${debianPackage}`;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function fail(message) {
  console.error(message);
  process.exit(1);
}

function parseArgs(argv) {
  const [command, ...rest] = argv;
  const options = { command, dir: undefined, port: undefined };
  for (let i = 0; i < rest.length; i += 1) {
    if (rest[i] === '--dir') options.dir = rest[(i += 1)];
    else if (rest[i] === '--port') options.port = Number(rest[(i += 1)]);
    else
      fail(`Unknown argument ${rest[i]}. Usage: postgres.mjs start|stop --dir <folder> [--port N]`);
  }
  if (command !== 'start' && command !== 'stop')
    fail('Usage: node scripts/postgres.mjs start|stop --dir <folder> [--port N]');
  if (!options.dir) fail('--dir <folder> is required: the folder that holds the throwaway server.');
  if (
    options.port !== undefined &&
    !(Number.isInteger(options.port) && options.port > 0 && options.port < 65536)
  )
    fail('--port must be a TCP port number (1-65535).');
  return { ...options, dir: resolve(options.dir) };
}

function ensureInstalled() {
  if (existsSync(join(binDir, 'initdb'))) return;
  if (!isRoot)
    fail(`PostgreSQL 15 is missing (${binDir}): run \`${install}\` as root (Debian/Ubuntu).`);
  // stderr: stdout carries only the URL, which callers read.
  console.error(
    `${binDir} not found: installing Debian package "${debianPackage}" (running as root).`,
  );
  try {
    execFileSync('sh', ['-c', `apt-get update && ${install} -y`], {
      stdio: ['ignore', process.stderr, process.stderr],
    });
  } catch {
    fail(`Installing PostgreSQL with apt-get failed: run \`${install}\` as root.`);
  }
  if (!existsSync(join(binDir, 'initdb')))
    fail(`apt-get finished but ${binDir}/initdb is still missing: run \`${install}\` as root.`);
}

/** Runs a PostgreSQL tool; as root through the `postgres` user, since PostgreSQL refuses root. */
function run(tool, args, { allowFailure = false } = {}) {
  const command = isRoot ? 'runuser' : join(binDir, tool);
  const argv = isRoot ? ['-u', 'postgres', '--', join(binDir, tool), ...args] : args;
  const result = spawnSync(command, argv, { encoding: 'utf8' });
  if (result.status !== 0 && !allowFailure)
    fail(`${tool} failed (exit ${result.status}):\n${result.stderr || result.stdout}`);
  return result;
}

function chownTree(path, uid, gid) {
  chownSync(path, uid, gid);
  if (!statSync(path).isDirectory()) return;
  for (const entry of readdirSync(path)) chownTree(join(path, entry), uid, gid);
}

/** The port of the server running in `dataDir`, or undefined when none is. */
function runningPort(dataDir) {
  if (!existsSync(join(dataDir, 'postmaster.pid'))) return undefined;
  if (run('pg_ctl', ['status', '-D', dataDir], { allowFailure: true }).status !== 0)
    return undefined;
  // postmaster.pid: pid, data directory, start time, port, socket directory, listen address …
  const port = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

const url = (port) => `postgres://postgres@127.0.0.1:${port}/postgres`;

async function start({ dir, port }) {
  ensureInstalled();
  const dataDir = join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownTree(dir, uid, gid);
  }
  const running = runningPort(dataDir);
  if (running !== undefined) {
    process.stdout.write(`${url(running)}\n`);
    return;
  }
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    // C collation: text sorts by bytes, as SQLite's does, so ordered pages agree on both.
    run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--locale=C', '-E', 'UTF8']);
  }
  const listenPort = port ?? (await freePort());
  const settings = [
    `-p ${listenPort}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    // Each test server, instance and job queue holds its own pool.
    '-c max_connections=300',
    // Throwaway data: no need to survive a power cut.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  run('pg_ctl', ['start', '-w', '-t', '60', '-D', dataDir, '-l', join(dir, 'log'), '-o', settings]);
  process.stdout.write(`${url(listenPort)}\n`);
}

function stop({ dir }) {
  const dataDir = join(dir, 'data');
  if (runningPort(dataDir) === undefined) return;
  run('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', dataDir]);
}

const options = parseArgs(process.argv.slice(2));
if (options.command === 'start') await start(options);
else stop(options);
