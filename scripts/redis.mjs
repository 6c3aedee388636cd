// A throwaway Redis in one folder, for the server's tests and the local cluster's Redis variant
// (docs/deploy.md, "Push and shared state"). Installs Debian's package when we may (root),
// otherwise stops with the command to run. Nothing is persisted: no RDB, no AOF.
//
//   node scripts/redis.mjs start --dir <folder> [--port N]
//       starts redis-server daemonised on 127.0.0.1 (a free port unless --port; the one already
//       running in that folder is reused) and prints one line: redis://127.0.0.1:<port>
//   node scripts/redis.mjs stop --dir <folder>
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { ensureDebianPackage, fail, freePort, parseServiceArgs } from './throwaway-service.mjs';

const debianPackage = 'redis-server';
const binary = '/usr/bin/redis-server';

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
  ensureDebianPackage({ path: binary, debianPackage, label: 'Redis' });
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

const options = parseServiceArgs('redis.mjs', process.argv.slice(2));
await (options.command === 'start' ? start(options) : stop(options));
