import { startTestServer } from '@photo/server/src/testing/test-server.ts';

/**
 * The upload benchmark's server, in its own process so its memory can be read honestly: the
 * demo users, the raw streaming sink on (`UPLOAD_BENCH_SINK`), settings from the environment.
 * Prints `READY <origin>` once it listens and stops on SIGTERM.
 */
const server = await startTestServer({ seed: 'users' });
process.stdout.write(`READY ${server.origin}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
