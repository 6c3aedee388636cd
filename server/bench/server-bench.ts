/**
 * `npm run bench:server`: seeds 100,000 photos for one user into a fresh SQLite database and a
 * fresh PostgreSQL database (a throwaway server started with `scripts/postgres.mjs`), starts
 * the real server on each, and measures with autocannon (loopback, 10 connections, run in a child process
 * so it does not share the server's event loop) the p50/p99 latency and requests/s of the four
 * hot read routes, each next to a baseline route of the same server answering a fixed JSON
 * body of the same size (registered only here). Not a test: it prints a table and the
 * targets (SQLite: p99 < 20 ms, ≥ 50 % of the baseline's requests/s; PostgreSQL: p99 < 20 ms,
 * ≥ 50 % of SQLite's requests/s). `BENCH_DATABASES=sqlite` (or `postgres`) measures one.
 *
 * PostgreSQL runs on the same machine with durability off (`scripts/postgres.mjs`), over TCP on
 * loopback; the timeline's per-instance cache is off there (docs/architecture.md, "Database"),
 * so its column is the real query every time.
 *
 * Every request carries `Accept-Encoding: gzip, deflate, br`, as Chromium sends. The baseline
 * returns its fixed body through the same server and so through the same response
 * compression: both pay the same encoding cost and send the same bytes, which keeps the
 * comparison fair (the table shows the raw JSON size and the bytes on the wire).
 *
 * On a small shared machine a single run moves by tens of percent, so each route and its
 * baseline are measured interleaved in several short rounds (SQLite, PostgreSQL, baseline,
 * SQLite, …) after a short warm-up; the table shows the median of each figure and the ratios
 * of the medians.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { REPO_ROOT } from '../src/config/server-config.ts';
import { seedBulkPhotos } from '../src/seed/bulk-photos.ts';
import { seedUsers } from '../src/seed/users.ts';
import { signIn } from '../src/testing/sign-in.ts';
import {
  adminPool,
  createDatabase,
  databaseUrl,
  dropDatabase,
} from '../src/testing/test-database.ts';
import { ACCEPT_ENCODING, CONNECTIONS, measureInterleaved, wireGet } from './autocannon-runs.ts';
import type { Measured, Target } from './autocannon-runs.ts';
import { benchPhotoTargets } from './photo-routes.ts';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 100_000);
const ALBUM_PHOTOS = 10_000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_S = 1;
const KINDS = (process.env.BENCH_DATABASES ?? 'sqlite,postgres')
  .split(',')
  .map((kind) => kind.trim())
  .filter((kind): kind is 'sqlite' | 'postgres' => kind === 'sqlite' || kind === 'postgres');
/** The benchmark's own throwaway PostgreSQL, apart from the tests' one. */
const POSTGRES_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'postgres-bench');
const POSTGRES_SCRIPT = path.join(REPO_ROOT, 'scripts', 'postgres.mjs');

interface BenchServer {
  kind: 'sqlite' | 'postgres';
  app: FastifyInstance;
  origin: string;
  auth: Record<string, string>;
  close(): Promise<void>;
}

async function seed(app: FastifyInstance, kind: string): Promise<void> {
  const started = Date.now();
  await seedUsers(app.deps.db);
  await seedBulkPhotos(app.deps, { photos: PHOTOS, albumPhotos: ALBUM_PHOTOS });
  console.info(
    `${kind}: seeded ${PHOTOS} photos (album of ${ALBUM_PHOTOS}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The real server on a fresh database of `kind`, seeded, listening, signed in as demo. */
async function startServer(
  kind: 'sqlite' | 'postgres',
  setup: (app: FastifyInstance) => void,
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'photo-bench-'));
  const port = 18_000 + Math.floor(Math.random() * 2000);
  let dropPostgres = async () => {};
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: '' };
  if (kind === 'postgres') {
    const adminUrl = execFileSync(
      process.execPath,
      [POSTGRES_SCRIPT, 'start', '--dir', POSTGRES_DIR],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
      .trim()
      .split('\n')
      .at(-1)!;
    const name = await createDatabase(adminUrl);
    env.DATABASE_URL = databaseUrl(adminUrl, name);
    dropPostgres = async () => {
      await dropDatabase(adminUrl, name);
      await adminPool(adminUrl).end();
      execFileSync(process.execPath, [POSTGRES_SCRIPT, 'stop', '--dir', POSTGRES_DIR], {
        stdio: 'inherit',
      });
    };
  }
  const app = await buildApp({ dataDir, port, env });
  setup(app);
  await seed(app, kind);
  // Listen like `npm start` (localhost): the OIDC issuer is http://localhost:{port}.
  await app.listen({ port, host: 'localhost' });
  const origin = `http://localhost:${port}`;
  const { accessToken } = await signIn(origin, 'demo@example.com', 'demo1234');
  return {
    kind,
    app,
    origin,
    auth: { authorization: `Bearer ${accessToken}` },
    close: async () => {
      await app.close();
      await dropPostgres();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  if (KINDS.length === 0) throw new Error('BENCH_DATABASES must name sqlite, postgres or both');
  // Baselines: the first server, a fixed JSON body of the route's size, no database, no auth.
  const baselineBodies = new Map<string, unknown>();
  const servers: BenchServer[] = [];
  try {
    for (const kind of KINDS)
      servers.push(
        await startServer(kind, (app) => {
          if (servers.length > 0) return;
          app.get('/bench/baseline/:name', async (request, reply) => {
            const body = baselineBodies.get((request.params as { name: string }).name);
            return body === undefined ? reply.code(404).send({ error: 'unknown baseline' }) : body;
          });
        }),
      );
    const first = servers[0]!;
    const { albumId, month } = await benchPhotoTargets(first.app.deps.db);
    // Cursors are signed with each server's own key: one per server.
    const cursors = await Promise.all(
      servers.map(async (server) => {
        const page = (await (
          await fetch(`${server.origin}/api/photo/photos`, { headers: server.auth })
        ).json()) as { cursor: string };
        return page.cursor;
      }),
    );
    const routes: Array<[string, (server: number) => string]> = [
      ['GET /users/timeline', () => '/api/photo/users/timeline'],
      [
        `GET /photos/timeline/${month.year}/${month.month}`,
        () => `/api/photo/photos/timeline/${month.year}/${month.month}`,
      ],
      ['GET /albums/{id}/photos', () => `/api/photo/albums/${albumId}/photos`],
      [
        'GET /photos?cursor=…',
        (server) => `/api/photo/photos?cursor=${encodeURIComponent(cursors[server]!)}`,
      ],
    ];
    const compressed = { 'accept-encoding': ACCEPT_ENCODING };
    const pad = (value: string, width: number) => value.padEnd(width);
    const figures = (m: Measured) =>
      `${pad(String(m.p50), 7)}${pad(String(m.p99), 7)}${pad(m.rps.toFixed(0), 8)}`;
    const table: string[] = [
      `${pad('', 30)}${pad('', 8)}${pad('', 15)}${servers.map((s) => pad(s.kind, 22)).join('')}${pad('baseline', 22)}`,
      `${pad('route', 30)}${pad('bytes', 8)}${pad('wire', 15)}${[...servers, first]
        .map(() => `${pad('p50', 7)}${pad('p99', 7)}${pad('req/s', 8)}`)
        .join('')}${pad('sqlite/base', 12)}${pad('pg/sqlite', 10)}verdict`,
    ];
    let allPass = true;
    /** Server CPU per request of each route, by database: the album page against the list. */
    const cpuByRoute = new Map<string, Measured[]>();
    for (const [label, url] of routes) {
      const bodies = await Promise.all(
        servers.map(async (server, i) => {
          const response = await fetch(server.origin + url(i), { headers: server.auth });
          const text = await response.text();
          if (!response.ok)
            throw new Error(
              `${server.kind} ${label} answered ${response.status}: ${text.slice(0, 200)}`,
            );
          return text;
        }),
      );
      const text = bodies[0]!;
      // Both databases must answer the same rows, or the comparison means nothing (the links
      // differ: each server signs them with its own key, on its own port).
      const withoutLinks = (body: string) =>
        body.replace(/"https?:\/\/[^"]*"/g, '""').replace(/"cursor":"[^"]*"/g, '"cursor":""');
      for (const [i, other] of bodies.entries())
        if (withoutLinks(other) !== withoutLinks(text))
          throw new Error(`${label}: ${servers[i]!.kind} answered other rows`);
      const name = label.replace(/[^a-z]+/gi, '-');
      baselineBodies.set(name, JSON.parse(text));
      const targets: Target[] = [
        ...servers.map((server, i) => ({
          url: server.origin + url(i),
          headers: { ...server.auth, ...compressed },
        })),
        { url: `${first.origin}/bench/baseline/${name}`, headers: compressed },
      ];
      const wire = await wireGet(targets[0]!.url, targets[0]!.headers);
      for (const target of targets) {
        const { status } = await wireGet(target.url, target.headers);
        if (status !== 200) throw new Error(`${label}: ${target.url} answered ${status}`);
      }
      const { medians: measured, runs } = await measureInterleaved(targets, {
        seconds: DURATION_S,
        rounds: ROUNDS,
        warmupSeconds: WARMUP_S,
      });
      const baseline = measured.at(-1)!;
      cpuByRoute.set(label, measured.slice(0, servers.length));
      const byKind = (kind: string) => measured[servers.findIndex((s) => s.kind === kind)];
      const sqlite = byKind('sqlite');
      const postgres = byKind('postgres');
      const verdicts: string[] = [];
      if (sqlite) {
        const pass = sqlite.p99 < 20 && sqlite.rps / baseline.rps >= 0.5 && sqlite.non2xx === 0;
        verdicts.push(pass ? 'sqlite ok' : 'sqlite MISSED');
        allPass &&= pass;
      }
      if (postgres) {
        const pass =
          postgres.p99 < 20 &&
          postgres.non2xx === 0 &&
          (!sqlite || postgres.rps / sqlite.rps >= 0.5);
        verdicts.push(pass ? 'pg ok' : 'pg MISSED');
        allPass &&= pass;
      }
      const errors = measured.reduce((sum, m) => sum + m.non2xx, 0);
      const rounds = runs[0]!
        .map((_, round) => runs.map((r) => r[round]!.rps.toFixed(0)).join('/'))
        .join(' ');
      table.push(
        `${pad(label.slice(0, 29), 30)}${pad(String(Buffer.byteLength(text)), 8)}${pad(`${wire.bytes.length} ${wire.encoding}`, 15)}${measured.map(figures).join('')}${pad(sqlite ? `${((sqlite.rps / baseline.rps) * 100).toFixed(0)}%` : '-', 12)}${pad(sqlite && postgres ? `${((postgres.rps / sqlite.rps) * 100).toFixed(0)}%` : '-', 10)}${verdicts.join(', ')}${errors ? ` (${errors} errors)` : ''}  [req/s by round, ${[...servers.map((s) => s.kind), 'base'].join('/')}: ${rounds}] [server CPU ms per request, ${[...servers.map((s) => s.kind), 'base'].join('/')}: ${measured.map((m) => m.cpuMs.toFixed(2)).join('/')}${sqlite ? `, base/sqlite ${((baseline.cpuMs / sqlite.cpuMs) * 100).toFixed(0)}%` : ''}]`,
      );
    }
    console.info(
      `\n${PHOTOS} photos, ${CONNECTIONS} connections, Accept-Encoding: ${ACCEPT_ENCODING}, ${ROUNDS} interleaved rounds of ${DURATION_S} s per route, database and baseline (medians), loopback; latencies in ms\n`,
    );
    console.info(table.join('\n'));
    // Both 500-photo pages run the same presenter and sending code: their CPU per request shows
    // what the album's reading costs against the list's, steadier than either's req/s.
    const album = cpuByRoute.get('GET /albums/{id}/photos');
    const list = cpuByRoute.get('GET /photos?cursor=…');
    if (album && list)
      console.info(
        `\nalbum page ÷ photo list, server CPU per request: ${servers
          .map((server, i) => `${server.kind} ${(album[i]!.cpuMs / list[i]!.cpuMs).toFixed(2)} ×`)
          .join(', ')}`,
      );
    console.info(
      "\nserver CPU ms per request: the bench's process (the servers; autocannon runs in a child) over a run's requests. On a busy machine req/s follow the load, the CPU a request costs much less: base/sqlite is the CPU ratio comparable to sqlite/base.",
    );
    console.info(
      `\ntargets: p99 < 20 ms; SQLite ≥ 50 % of the baseline's req/s; PostgreSQL ≥ 50 % of SQLite's: ${allPass ? 'all met' : 'NOT all met'}`,
    );
  } finally {
    for (const server of servers) await server.close();
  }
}

await main();
