import { startTestServer } from '@photo/server/src/testing/test-server.ts';
import { answerIdleRequests } from '@photo/server/src/testing/thumbnail-jobs.ts';

/**
 * The upload benchmark's server, in its own process so its memory can be read honestly: the
 * demo users, the raw streaming sink on (`UPLOAD_BENCH_SINK`), settings from the environment.
 * Prints `READY <origin>` once it listens, answers `idle` on stdin with `IDLE` once every
 * queued thumbnail is made, and stops on SIGTERM.
 */
const server = await startTestServer({ seed: 'users' });
answerIdleRequests(server);
process.stdout.write(`READY ${server.origin}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
