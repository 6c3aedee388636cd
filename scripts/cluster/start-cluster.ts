// `npm run start:cluster [-- --port 8080] [--redis] [--fresh]`: production mode on one machine
// (docs/deploy.md): a throwaway PostgreSQL, two server instances on one storage root and nginx
// in front. Ctrl-C (or SIGTERM) stops all of it. Data is kept in .cluster/ between runs, as
// `npm start` keeps .data/; --fresh (or deleting .cluster/) starts again from the demo data.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT, startCluster, type Cluster } from './cluster.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT || '8080' },
    instances: { type: 'string', default: '2' },
    redis: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    dir: { type: 'string', default: join(REPO_ROOT, '.cluster') },
  },
});

const port = Number(values.port);
const instances = Number(values.instances);
if (!Number.isInteger(port) || port < 1 || port > 65535)
  throw new Error(`--port must be a TCP port, got "${values.port}"`);
if (!Number.isInteger(instances) || instances < 1)
  throw new Error(`--instances must be a positive number, got "${values.instances}"`);

if (values.fresh) rmSync(values.dir, { recursive: true, force: true });

// Set once started; a signal before that exits at once.
const started: { cluster?: Cluster } = {};
let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  // Still starting: exiting runs the cluster module's exit hook, which kills what it started.
  if (!started.cluster) process.exit(130);
  console.info(`\n${signal}: stopping the instances, nginx and the database…`);
  started.cluster.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

console.info(
  `Starting PostgreSQL, ${instances} server instances and nginx in ${values.dir}` +
    ' (an empty database is seeded first; this takes a while the first time)…',
);
const cluster = await startCluster({
  dir: values.dir,
  port,
  instances,
  redis: values.redis,
});
started.cluster = cluster;

console.info(
  [
    '',
    `Open ${cluster.origin}/  (nginx, round-robin over ${cluster.instances.length} instances)`,
    `Brand hosts work on the same port, e.g. http://albelli-nl.localhost:${cluster.port}/`,
    '',
    ...cluster.instances.map(
      (instance) => `  instance ${instance.name}: ${instance.directOrigin} (pid ${instance.pid})`,
    ),
    `  database: ${cluster.databaseUrl}`,
    ...(cluster.redisUrl ? [`  redis: ${cluster.redisUrl}`] : []),
    `  storage root: ${cluster.dataDir}`,
    '',
    'Demo logins as with npm start, e.g. demo@example.com / demo1234. Press Ctrl-C to stop.',
    '',
  ].join('\n'),
);
