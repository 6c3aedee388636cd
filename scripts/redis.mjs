// A throwaway Redis in one folder, for the server's tests and the local cluster's Redis variant
// (docs/deploy.md, "Push and shared state"). Installs Debian's package when we may (root),
// otherwise stops with the command to run. Nothing is persisted: no RDB, no AOF.
//
//   node scripts/redis.mjs start --dir <folder> [--port N]
//       starts redis-server daemonised on 127.0.0.1 (a free port unless --port; the one already
//       running in that folder is reused) and prints one line: redis://127.0.0.1:<port>
//   node scripts/redis.mjs stop --dir <folder>
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join, resolve } from 'node:path';

const debianPackage = 'redis-server';
const binary = '/usr/bin/redis-server';
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
    else fail(`Unknown argument ${rest[i]}. Usage: redis.mjs start|stop --dir <folder> [--port N]`);
  }
  if (command !== 'start' && command !== 'stop')
    fail('Usage: node scripts/redis.mjs start|stop --dir <folder> [--port N]');
  if (!options.dir) fail('--dir <folder> is required: the folder that holds the throwaway server.');
  if (
    options.port !== undefined &&
    !(Number.isInteger(options.port) && options.port > 0 && options.port < 65536)
  )
    fail('--port must be a TCP port number (1-65535).');
  return { ...options, dir: resolve(options.dir) };
}

function ensureInstalled() {
  if (existsSync(binary)) return;
  if (!isRoot) fail(`Redis is missing (${binary}): run \`${install}\` as root (Debian/Ubuntu).`);
  // stderr: stdout carries only the URL, which callers read.
  console.error(`${binary} not found: installing Debian package "${debianPackage}" (as root).`);
  try {
    execFileSync('sh', ['-c', `apt-get update && ${install} -y`], {
      stdio: ['ignore', process.stderr, process.stderr],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    fail(`Installing Redis with apt-get failed: run \`${install}\` as root.`);
  }
  if (!existsSync(binary)) fail(`apt-get finished but ${binary} is still missing.`);
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** Sends one inline command and resolves with the first reply line (undefined: nobody there). */
function ask(port, command) {
  return new Promise((resolveReply) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    let reply = '';
    const done = (value) => {
      socket.destroy();
      resolveReply(value);
    };
    socket.setTimeout(1000, () => done(undefined));
    socket.on('error', () => done(undefined));
    socket.on('connect', () => socket.write(`${command}\r\n`));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.split('\r\n')[0]);
    });
    socket.on('close', () => done(reply ? reply.split('\r\n')[0] : undefined));
  });
}

const portFile = (dir) => join(dir, 'port');

/** The port of the server this folder started, when it still answers. */
async function runningPort(dir) {
  if (!existsSync(portFile(dir))) return undefined;
  const port = Number(readFileSync(portFile(dir), 'utf8').trim());
  if (!Number.isInteger(port)) return undefined;
  return (await ask(port, 'PING')) === '+PONG' ? port : undefined;
}

async function start({ dir, port: wanted }) {
  ensureInstalled();
  mkdirSync(dir, { recursive: true });
  const running = await runningPort(dir);
  if (running !== undefined) {
    process.stdout.write(`redis://127.0.0.1:${running}\n`);
    return;
  }
  const port = wanted ?? (await freePort());
  const result = spawnSync(
    binary,
    [
      '--bind',
      '127.0.0.1',
      '--port',
      String(port),
      '--daemonize',
      'yes',
      '--dir',
      dir,
      '--pidfile',
      join(dir, 'redis.pid'),
      '--logfile',
      join(dir, 'redis.log'),
      '--save',
      '',
      '--appendonly',
      'no',
      // Loopback only, throwaway data: no password, so the URL is all a test needs.
      '--protected-mode',
      'no',
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0)
    fail(`redis-server failed (exit ${result.status}):\n${result.stderr || result.stdout}`);
  const until = Date.now() + 10_000;
  while ((await ask(port, 'PING')) !== '+PONG') {
    if (Date.now() > until) {
      const log = existsSync(join(dir, 'redis.log'))
        ? readFileSync(join(dir, 'redis.log'), 'utf8')
        : '';
      fail(`redis-server did not answer on port ${port} within 10 s.\n${log.slice(-2000)}`);
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
  writeFileSync(portFile(dir), `${port}\n`);
  process.stdout.write(`redis://127.0.0.1:${port}\n`);
}

async function stop({ dir }) {
  const port = await runningPort(dir);
  if (port === undefined) return;
  await ask(port, 'SHUTDOWN NOSAVE');
  const until = Date.now() + 10_000;
  while ((await ask(port, 'PING')) !== undefined && Date.now() < until)
    await new Promise((wait) => setTimeout(wait, 50));
  rmSync(portFile(dir), { force: true });
}

const options = parseArgs(process.argv.slice(2));
await (options.command === 'start' ? start(options) : stop(options));
