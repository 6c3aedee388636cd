/**
 * `npm run bench:server`: seeds 100,000 photos for one user into a fresh database, starts the
 * real server, and measures with autocannon (loopback, 10 connections, run in a child process
 * so it does not share the server's event loop) the p50/p99 latency and requests/s of the four
 * hot read routes, each next to a baseline route of the same server answering a fixed JSON
 * body of the same size (registered only here). Not a test: it prints a table and the
 * targets (p99 < 20 ms, ≥ 50 % of the baseline's requests/s).
 *
 * Every request carries `Accept-Encoding: gzip, deflate, br`, as Chromium sends. The baseline
 * returns its fixed body through the same server and so through the same response
 * compression: both pay the same encoding cost and send the same bytes, which keeps the
 * comparison fair (the table shows the raw JSON size and the bytes on the wire).
 *
 * On a small shared machine a single run moves by tens of percent, so each route and its
 * baseline are measured interleaved in several short rounds (route, baseline, route, …) after
 * a short warm-up; the table shows the median of each figure and the ratio of the medians.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { seedBulkPhotos } from '../src/seed/bulk-photos.ts';
import { demoUserId, seedUsers } from '../src/seed/users.ts';
import { signIn } from '../src/testing/sign-in.ts';
import { ACCEPT_ENCODING, CONNECTIONS, measurePair, wireGet } from './autocannon-runs.ts';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 100_000);
const ALBUM_PHOTOS = 10_000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_S = 1;

async function seed(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  const started = Date.now();
  await seedUsers(app.deps.db);
  await seedBulkPhotos(app.deps, { photos: PHOTOS, albumPhotos: ALBUM_PHOTOS });
  console.info(
    `seeded ${PHOTOS} photos (album of ${ALBUM_PHOTOS}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
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
    const album = await db
      .selectFrom('albums')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const month = await db
      .selectFrom('photo_month_counts')
      .select(['year', 'month'])
      .where('user_id', '=', userId)
      .orderBy('count', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const { accessToken } = await signIn(origin, 'demo@example.com', 'demo1234');
    const auth = { authorization: `Bearer ${accessToken}` };
    const first = (await (await fetch(`${origin}/api/photo/photos`, { headers: auth })).json()) as {
      cursor: string;
    };
    const routes: Array<[string, string]> = [
      ['GET /users/timeline', '/api/photo/users/timeline'],
      [
        `GET /photos/timeline/${month.year}/${month.month}`,
        `/api/photo/photos/timeline/${month.year}/${month.month}`,
      ],
      ['GET /albums/{id}/photos', `/api/photo/albums/${album.id}/photos`],
      ['GET /photos?cursor=…', `/api/photo/photos?cursor=${encodeURIComponent(first.cursor)}`],
    ];
    const compressed = { 'accept-encoding': ACCEPT_ENCODING };
    const table: string[] = [];
    const pad = (value: string, width: number) => value.padEnd(width);
    table.push(
      `${pad('route', 34)}${pad('bytes', 9)}${pad('wire', 13)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('req/s', 9)}${pad('base p50', 9)}${pad('base p99', 9)}${pad('base req/s', 11)}${pad('ratio', 7)}verdict`,
    );
    let allPass = true;
    for (const [label, url] of routes) {
      const response = await fetch(origin + url, { headers: auth });
      const text = await response.text();
      if (!response.ok)
        throw new Error(`${label} answered ${response.status}: ${text.slice(0, 200)}`);
      const name = label.replace(/[^a-z]+/gi, '-');
      baselineBodies.set(name, JSON.parse(text));
      const routeUrl = origin + url;
      const baselineUrl = `${origin}/bench/baseline/${name}`;
      const wire = await wireGet(routeUrl, { ...auth, ...compressed });
      const baselineWire = await wireGet(baselineUrl, compressed);
      if (wire.status !== 200 || baselineWire.status !== 200)
        throw new Error(`${label}: ${wire.status} / baseline ${baselineWire.status}`);
      const {
        route: measured,
        baseline,
        routeRuns,
        baselineRuns,
      } = await measurePair(
        { url: routeUrl, headers: { ...auth, ...compressed } },
        { url: baselineUrl, headers: compressed },
        { seconds: DURATION_S, rounds: ROUNDS, warmupSeconds: WARMUP_S },
      );
      const ratio = measured.rps / baseline.rps;
      const pass = measured.p99 < 20 && ratio >= 0.5 && measured.non2xx === 0;
      allPass &&= pass;
      const rounds = routeRuns
        .map((r, i) => `${r.rps.toFixed(0)}/${baselineRuns[i]!.rps.toFixed(0)}`)
        .join(' ');
      table.push(
        `${pad(label, 34)}${pad(String(Buffer.byteLength(text)), 9)}${pad(`${wire.bytes.length} ${wire.encoding}`, 13)}${pad(String(measured.p50), 8)}${pad(String(measured.p99), 8)}${pad(measured.rps.toFixed(0), 9)}${pad(String(baseline.p50), 9)}${pad(String(baseline.p99), 9)}${pad(baseline.rps.toFixed(0), 11)}${pad(`${(ratio * 100).toFixed(0)}%`, 7)}${pass ? 'ok' : 'MISSED'}${measured.non2xx ? ` (${measured.non2xx} errors)` : ''}  [req/s by round, route/base: ${rounds}]`,
      );
    }
    console.info(
      `\n${PHOTOS} photos, ${CONNECTIONS} connections, Accept-Encoding: ${ACCEPT_ENCODING}, ${ROUNDS} interleaved rounds of ${DURATION_S} s per route and baseline (medians), loopback\n`,
    );
    console.info(table.join('\n'));
    console.info(
      `\ntargets: p99 < 20 ms and ≥ 50 % of the baseline's req/s: ${allPass ? 'all met' : 'NOT all met'}`,
    );
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
