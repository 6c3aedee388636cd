// A local production-mode cluster: a throwaway PostgreSQL (scripts/postgres.mjs), server
// instances sharing it and one storage root, and nginx round-robin in front. One module for
// `npm run start:cluster`, the end-to-end journey (e2e/cluster) and `npm run bench:cluster`, so
// all three run the same thing. What it stands for in a real deployment: docs/deploy.md.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  type WriteStream,
} from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/src/testing/free-port.ts';
import { ensureNginx, startNginx } from './nginx.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_DIR = join(REPO_ROOT, 'server');

/**
 * True when PostgreSQL 15 is there or scripts/postgres.mjs may install it (root); the journey
 * skips otherwise.
 */
export function postgresAvailable(): boolean {
  return existsSync('/usr/lib/postgresql/15/bin/initdb') || process.getuid?.() === 0;
}

export interface ClusterOptions {
  /** The cluster's folder: `postgres/`, `data/` (the shared storage root), `nginx/`, logs. */
  dir: string;
  /** nginx's port, the public origin's (default: a free one). */
  port?: number;
  instances?: number;
  /** An existing database instead of a throwaway PostgreSQL in `dir/postgres`. */
  databaseUrl?: string;
  /** Also start a throwaway Redis (scripts/redis.mjs) and hand its URL to the instances. */
  redis?: boolean;
  /** Extra environment of every instance (e.g. test settings). */
  env?: Record<string, string>;
  /** Where instance, nginx and database output goes: a line with its source's name. */
  output?: (source: string, line: string) => void;
  /** How long the first instance may take to start (it seeds an empty database). */
  startTimeoutMs?: number;
  nginxWorkers?: number;
}

export interface ClusterInstance {
  name: string;
  port: number;
  /** `http://127.0.0.1:{port}`: this instance alone, bypassing nginx. */
  directOrigin: string;
  readonly pid: number | undefined;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** Sends a signal (SIGKILL for a crash) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  /** The one URL to open: `http://localhost:{port}` through nginx. */
  origin: string;
  port: number;
  databaseUrl: string;
  redisUrl: string | undefined;
  /** The shared storage root (DATA_DIR of every instance). */
  dataDir: string;
  instances: ClusterInstance[];
  /** Stops everything started, in order: instances, nginx, Redis, PostgreSQL. */
  stop(): Promise<void>;
}

/** Whether this machine has an IPv6 loopback to listen on. */
function ipv6Loopback(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port: 0, host: '::1' }, () => probe.close(() => resolve(true)));
  });
}

/**
 * Runs `node scripts/<script> start --dir <dir>`, whose one line of standard output is the
 * service's URL (the contract of scripts/postgres.mjs and scripts/redis.mjs).
 */
function startService(script: string, dir: string): string {
  // As root the service runs as its own user (postgres), which must reach its folder inside
  // ours: a temp folder is made private.
  if (process.getuid?.() === 0) {
    mkdirSync(dirname(dir), { recursive: true });
    chmodSync(dirname(dir), 0o755);
  }
  const result = spawnSync(
    process.execPath,
    [join(REPO_ROOT, 'scripts', script), 'start', '--dir', dir],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = result.stdout?.trim().split('\n').pop() ?? '';
  if (result.status !== 0 || !/^\w+:\/\//.test(url))
    throw new Error(`scripts/${script} start did not start (exit ${result.status}): ${url}`);
  return url;
}

function stopService(script: string, dir: string): void {
  spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', script), 'stop', '--dir', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A throwaway PostgreSQL in `dir` (scripts/postgres.mjs), for a caller that seeds it first. */
export function startPostgres(dir: string): { url: string; stop: () => void } {
  const url = startService('postgres.mjs', dir);
  return { url, stop: () => stopService('postgres.mjs', dir) };
}

/**
 * How `npm start -w server` runs the server (server/package.json: the allocator settings, Node's
 * flags, tsx), read from there so the instances never drift from it.
 */
function serverCommand(): { env: Record<string, string>; command: string; args: string[] } {
  const pkg = JSON.parse(readFileSync(join(SERVER_DIR, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] && /^\w+=/.test(words[0])) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  const [command, ...args] = words;
  if (command !== 'node') throw new Error(`server/package.json start runs ${command}, not node`);
  return { env, command: process.execPath, args };
}

function lines(stream: NodeJS.ReadableStream | null, each: (line: string) => void): void {
  let rest = '';
  stream?.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) if (line.trim()) each(line);
  });
  stream?.on('end', () => rest.trim() && each(rest));
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Waits until `url` answers 200, failing early when the process exits first. */
async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void exitOf(child).then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited)
      throw new Error(`${url}: the process exited (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const output = options.output ?? ((source, line) => console.info(`[${source}] ${line}`));
  const count = options.instances ?? 2;
  const dataDir = join(options.dir, 'data');
  const logsDir = join(options.dir, 'logs');
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(logsDir, { recursive: true });

  const children: ChildProcess[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', killOnExit);
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        output('cluster', `stopping: ${(error as Error).message}`);
      }
    }
  };
  // If this process dies without stop() (an uncaught error), take nothing running with it.
  const killOnExit = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    if (!options.databaseUrl) stopService('postgres.mjs', join(options.dir, 'postgres'));
    if (options.redis) stopService('redis.mjs', join(options.dir, 'redis'));
  };
  process.on('exit', killOnExit);

  try {
    const nginx = ensureNginx((line) => output('nginx', line));
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const pgDir = join(options.dir, 'postgres');
      databaseUrl = startService('postgres.mjs', pgDir);
      cleanups.push(() => stopService('postgres.mjs', pgDir));
      output('postgres', `${databaseUrl} (data in ${pgDir})`);
    }
    let redisUrl: string | undefined;
    if (options.redis) {
      const redisDir = join(options.dir, 'redis');
      redisUrl = startService('redis.mjs', redisDir);
      cleanups.push(() => stopService('redis.mjs', redisDir));
      output('redis', redisUrl);
    }

    const port = options.port ?? (await freePort());
    const origin = `http://localhost:${port}`;
    const server = serverCommand();
    const instances: ClusterInstance[] = [];
    for (let index = 0; index < count; index += 1) {
      const name = String.fromCharCode('a'.charCodeAt(0) + index);
      const instancePort = await freePort();
      const log: WriteStream = createWriteStream(join(logsDir, `instance-${name}.log`));
      const child = spawn(server.command, server.args, {
        cwd: SERVER_DIR,
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group: a Ctrl-C in the terminal reaches only us, and we stop the
        // instances before the proxy and the database.
        detached: true,
        env: {
          ...process.env,
          ...server.env,
          PORT: String(instancePort),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
          // Sign-in issuer, redirect URIs and signed URLs are built for the browser's origin.
          PUBLIC_ORIGIN: origin,
          // Recorded on the archive job an instance runs (docs/deploy.md), so it can be told.
          INSTANCE_ID: name,
          ...options.env,
        },
      });
      children.push(child);
      for (const stream of [child.stdout, child.stderr])
        lines(stream, (line) => {
          log.write(`${line}\n`);
          output(name, line);
        });
      const exited = exitOf(child).then(() => void log.end());
      const instance: ClusterInstance = {
        name,
        port: instancePort,
        directOrigin: `http://127.0.0.1:${instancePort}`,
        get pid() {
          return child.pid;
        },
        exited,
        kill: async (signal = 'SIGTERM') => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        },
      };
      cleanups.push(async () => {
        const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await instance.kill('SIGTERM');
        clearTimeout(forced);
      });
      // One at a time: the first seeds an empty database before it listens, so the next
      // finds it seeded and two never write the demo data at once.
      await waitHealthy(
        `${instance.directOrigin}/config.json`,
        child,
        index === 0 ? (options.startTimeoutMs ?? 600_000) : 120_000,
      );
      output('cluster', `instance ${name} ready on ${instance.directOrigin} (pid ${child.pid})`);
      instances.push(instance);
    }

    const proxy = startNginx(
      nginx,
      {
        prefix: join(options.dir, 'nginx'),
        port,
        ipv6: await ipv6Loopback(),
        upstreams: instances.map((instance) => instance.port),
        workerProcesses: options.nginxWorkers,
      },
      (line) => output('nginx', line),
    );
    children.push(proxy);
    const proxyExited = exitOf(proxy);
    cleanups.push(async () => {
      // SIGQUIT: finish the requests in flight, then exit.
      if (proxy.exitCode === null) proxy.kill('SIGQUIT');
      const forced = setTimeout(() => proxy.kill('SIGKILL'), 5000);
      await proxyExited;
      clearTimeout(forced);
    });
    await waitHealthy(`${origin}/config.json`, proxy, 10_000);

    return {
      origin,
      port,
      databaseUrl,
      redisUrl,
      dataDir,
      instances,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
