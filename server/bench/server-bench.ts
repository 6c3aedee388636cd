/**
 * `npm run bench:server`: seeds 100,000 photos for one user into a fresh database, starts the
 * real server, and measures with autocannon (loopback, 10 connections, 10 s each, run in a
 * child process so it does not share the server's event loop) the p50/p99 latency and
 * requests/s of the four hot read routes, each next to a baseline route of the same server
 * answering a fixed JSON body of the same size (registered only here). Not a test: it prints
 * a table and the targets (p99 < 20 ms, ≥ 50 % of the baseline's requests/s).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../src/app.ts';
import { seedBulkPhotos } from '../src/seed/bulk-photos.ts';
import { demoUserId, seedUsers } from '../src/seed/users.ts';
import { signIn } from '../src/testing/sign-in.ts';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 100_000);
const ALBUM_PHOTOS = 10_000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const run = promisify(execFile);
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

async function seed(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  const started = Date.now();
  await seedUsers(app.deps.db);
  await seedBulkPhotos(app.deps, { photos: PHOTOS, albumPhotos: ALBUM_PHOTOS });
  console.info(`seeded ${PHOTOS} photos (album of ${ALBUM_PHOTOS}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

interface Measured {
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
}

async function cannon(url: string, headers: Record<string, string>): Promise<Measured> {
  const args = ['-c', String(CONNECTIONS), '-d', String(DURATION_S), '-j', '-n'];
  for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}=${value}`);
  const { stdout } = await run(process.execPath, [autocannonBin, ...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    latency: { p50: number; p99: number };
    requests: { average: number };
    non2xx: number;
    errors: number;
  };
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, non2xx: result.non2xx + result.errors };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'photo-bench-'));
  const port = 18_000 + Math.floor(Math.random() * 2000);
  const server = await buildApp({ dataDir, port, env: process.env });
  // Baselines: the same server, a fixed JSON body of the route's size, no database, no auth.
  const baselineBodies = new Map<string, unknown>();
  server.get('/bench/baseline/:name', async (request, reply) => {
    const body = baselineBodies.get((request.params as { name: string }).name);
    return body === undefined ? reply.code(404).send({ error: 'unknown baseline' }) : body;
  });
  await seed(server);
  // Listen like `npm start` (localhost): the OIDC issuer is http://localhost:{port}.
  await server.listen({ port, host: 'localhost' });
  const origin = `http://localhost:${port}`;
  try {
    const { db } = server.deps;
    const userId = demoUserId('demo');
    const album = await db.selectFrom('albums').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    const month = await db
      .selectFrom('photo_month_counts')
      .select(['year', 'month'])
      .where('user_id', '=', userId)
      .orderBy('count', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const { accessToken } = await signIn(origin, 'demo@example.com', 'demo1234');
    const auth = { authorization: `Bearer ${accessToken}` };
    const first = (await (await fetch(`${origin}/api/photo/photos`, { headers: auth })).json()) as { cursor: string };
    const routes: Array<[string, string]> = [
      ['GET /users/timeline', '/api/photo/users/timeline'],
      [`GET /photos/timeline/${month.year}/${month.month}`, `/api/photo/photos/timeline/${month.year}/${month.month}`],
      ['GET /albums/{id}/photos', `/api/photo/albums/${album.id}/photos`],
      ['GET /photos?cursor=…', `/api/photo/photos?cursor=${encodeURIComponent(first.cursor)}`],
    ];
    const table: string[] = [];
    const pad = (value: string, width: number) => value.padEnd(width);
    table.push(
      `${pad('route', 34)}${pad('bytes', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('req/s', 9)}${pad('base p50', 9)}${pad('base p99', 9)}${pad('base req/s', 11)}${pad('ratio', 7)}verdict`,
    );
    let allPass = true;
    for (const [label, url] of routes) {
      const response = await fetch(origin + url, { headers: auth });
      const text = await response.text();
      if (!response.ok) throw new Error(`${label} answered ${response.status}: ${text.slice(0, 200)}`);
      const name = label.replace(/[^a-z]+/gi, '-');
      baselineBodies.set(name, JSON.parse(text));
      const measured = await cannon(origin + url, auth);
      const baseline = await cannon(`${origin}/bench/baseline/${name}`, {});
      const ratio = measured.rps / baseline.rps;
      const pass = measured.p99 < 20 && ratio >= 0.5 && measured.non2xx === 0;
      allPass &&= pass;
      table.push(
        `${pad(label, 34)}${pad(String(text.length), 9)}${pad(String(measured.p50), 8)}${pad(String(measured.p99), 8)}${pad(measured.rps.toFixed(0), 9)}${pad(String(baseline.p50), 9)}${pad(String(baseline.p99), 9)}${pad(baseline.rps.toFixed(0), 11)}${pad(`${(ratio * 100).toFixed(0)}%`, 7)}${pass ? 'ok' : 'MISSED'}${measured.non2xx ? ` (${measured.non2xx} errors)` : ''}`,
      );
    }
    console.info(`\n${PHOTOS} photos, ${CONNECTIONS} connections, ${DURATION_S} s per route, loopback\n`);
    console.info(table.join('\n'));
    console.info(`\ntargets: p99 < 20 ms and ≥ 50 % of the baseline's req/s: ${allPass ? 'all met' : 'NOT all met'}`);
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
