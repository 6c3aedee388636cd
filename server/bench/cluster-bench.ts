/**
 * `npm run bench:cluster`: the four hot read routes of `bench:server` on PostgreSQL, measured
 * through nginx over two server instances beside one instance, in the same run
 * (docs/deploy.md). Seeds BENCH_PHOTOS (100,000) photos into a throwaway PostgreSQL, starts the
 * cluster of `npm run start:cluster` on it (scripts/cluster/cluster.ts) and a second nginx in
 * front of its first instance alone, then for each route measures, interleaved in rounds, one
 * instance directly, one instance through nginx and two instances through nginx (autocannon in
 * a child process, BENCH_CONNECTIONS connections). Target: two instances ≥ 1.6 × one (both
 * through nginx, so the ratio is the second instance's gain, not the proxy's cost), on a
 * machine with a core per instance plus one for nginx and the load generator.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { startCluster, startPostgres } from '../../scripts/cluster/cluster.ts';
import { freePort } from '../src/testing/free-port.ts';
import { ensureNginx, startNginx } from '../../scripts/cluster/nginx.ts';
import { buildApp } from '../src/app.ts';
import { seedBulkPhotos } from '../src/seed/bulk-photos.ts';
import { seedUsers } from '../src/seed/users.ts';
import { signIn } from '../src/testing/sign-in.ts';
import { ACCEPT_ENCODING, cannon, medians, type Measured } from './autocannon-runs.ts';
import { benchPhotoTargets } from './photo-routes.ts';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 100_000);
const ALBUM_PHOTOS = 10_000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// More connections than bench:server's 10: two instances need enough requests in flight to
// keep both busy.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const TARGET = 1.6;

/** Seeds the photos and returns the route paths to measure (as bench:server picks them). */
async function seed(dataDir: string, databaseUrl: string): Promise<Array<[string, string]>> {
  const started = Date.now();
  const app = await buildApp({
    dataDir,
    port: 0,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  try {
    await seedUsers(app.deps.db);
    await seedBulkPhotos(app.deps, { photos: PHOTOS, albumPhotos: ALBUM_PHOTOS });
    const { albumId, month } = await benchPhotoTargets(app.deps.db);
    console.info(
      `seeded ${PHOTOS} photos into PostgreSQL in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return [
      ['GET /users/timeline', '/api/photo/users/timeline'],
      [
        `GET /photos/timeline/${month.year}/${month.month}`,
        `/api/photo/photos/timeline/${month.year}/${month.month}`,
      ],
      ['GET /albums/{id}/photos', `/api/photo/albums/${albumId}/photos`],
    ];
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'photo-cluster-bench-'));
  const database = startPostgres(path.join(dir, 'postgres'));
  try {
    const routes = await seed(path.join(dir, 'data'), database.url);
    const cluster = await startCluster({
      dir,
      databaseUrl: database.url,
      env: { LOG_LEVEL: 'warn' },
      nginxWorkers: 1,
      output: (source, line) => {
        if (!line.startsWith('{')) console.info(`[${source}] ${line}`);
      },
    });
    try {
      // The first instance alone behind an nginx of the same config.
      const soloPort = await freePort();
      const solo = startNginx(
        ensureNginx(),
        {
          prefix: path.join(dir, 'nginx-one'),
          port: soloPort,
          ipv6: false,
          upstreams: [cluster.instances[0]!.port],
          workerProcesses: 1,
        },
        (line) => console.info(`[nginx-one] ${line}`),
      );
      try {
        const direct = cluster.instances[0]!.directOrigin;
        const one = `http://127.0.0.1:${soloPort}`;
        const two = cluster.origin;
        const { accessToken } = await signIn(cluster.origin, 'demo@example.com', 'demo1234');
        const headers = {
          authorization: `Bearer ${accessToken}`,
          'accept-encoding': ACCEPT_ENCODING,
        };
        const first = (await (
          await fetch(`${cluster.origin}/api/photo/photos`, { headers })
        ).json()) as { cursor: string };
        routes.push([
          'GET /photos?cursor=…',
          `/api/photo/photos?cursor=${encodeURIComponent(first.cursor)}`,
        ]);
        const pad = (value: string, width: number) => value.padEnd(width);
        const columns = (m: Measured) =>
          `${pad(String(m.p50), 6)}${pad(String(m.p99), 6)}${pad(m.rps.toFixed(0), 8)}`;
        const table = [
          `${pad('', 34)}${pad('direct (one)', 20)}${pad('nginx → one', 20)}${pad('nginx → two', 20)}`,
          `${pad('route', 34)}${'p50   p99   req/s   '.repeat(3)}${pad('two/one', 9)}${pad('one/direct', 12)}verdict`,
        ];
        let allPass = true;
        for (const [label, url] of routes) {
          const origins = [direct, one, two];
          for (const origin of origins) {
            const response = await fetch(origin + url, { headers });
            await response.arrayBuffer();
            if (!response.ok) throw new Error(`${label} on ${origin} answered ${response.status}`);
            await cannon(origin + url, headers, 1, CONNECTIONS);
          }
          const runs: Measured[][] = [[], [], []];
          for (let round = 0; round < ROUNDS; round += 1)
            for (const [index, origin] of origins.entries())
              runs[index]!.push(await cannon(origin + url, headers, DURATION_S, CONNECTIONS));
          const [alone, single, pair] = runs.map((series) => medians(series)) as [
            Measured,
            Measured,
            Measured,
          ];
          const ratio = pair.rps / single.rps;
          const pass = ratio >= TARGET && pair.non2xx === 0;
          allPass &&= pass;
          const rounds = runs[1]!
            .map((run, i) => `${run.rps.toFixed(0)}/${runs[2]![i]!.rps.toFixed(0)}`)
            .join(' ');
          table.push(
            `${pad(label, 34)}${columns(alone)}${columns(single)}${columns(pair)}${pad(`${ratio.toFixed(2)}×`, 9)}${pad(`${(single.rps / alone.rps).toFixed(2)}×`, 12)}${pass ? 'ok' : 'MISSED'}${pair.non2xx ? ` (${pair.non2xx} errors)` : ''}  [req/s by round, one/two: ${rounds}]`,
          );
        }
        console.info(
          `\n${PHOTOS} photos on PostgreSQL, ${CONNECTIONS} connections, Accept-Encoding: ${ACCEPT_ENCODING}, ${ROUNDS} interleaved rounds of ${DURATION_S} s (medians, ms and req/s); ${availableParallelism()} cores for everything (load generator, nginx, instances, PostgreSQL)\n`,
        );
        console.info(table.join('\n'));
        console.info(
          `\ntarget: two instances ≥ ${TARGET} × one through nginx: ${allPass ? 'met' : 'NOT met'}${availableParallelism() < 4 ? ' (fewer than 4 cores: the load generator, nginx, PostgreSQL and both instances share them, so a second instance has little CPU of its own to add)' : ''}`,
        );
      } finally {
        solo.kill('SIGQUIT');
      }
    } finally {
      await cluster.stop();
    }
  } finally {
    database.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
