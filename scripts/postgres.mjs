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
import { join } from 'node:path';
import {
  ensureDebianPackage,
  fail,
  freePort,
  isRoot,
  parseServiceArgs,
} from './throwaway-service.mjs';

const debianPackage = 'postgresql-15';
const binDir = '/usr/lib/postgresql/15/bin';

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

const url = (port) => `postgres://postgres@127.0.0.1:${port}/postgres`;

async function start({ dir, port }) {
  ensureDebianPackage({ path: join(binDir, 'initdb'), debianPackage, label: 'PostgreSQL 15' });
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

const options = parseServiceArgs('postgres.mjs', process.argv.slice(2));
if (options.command === 'start') await start(options);
else stop(options);
