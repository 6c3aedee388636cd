import { startTestServer } from '../../src/testing/test-server.ts';
import { answerIdleRequests } from '../../src/testing/thumbnail-jobs.ts';

/**
 * A test server in its own process, so a test can measure that process's memory honestly:
 * prints `READY <origin>` once it listens, answers `idle` on stdin with `IDLE` once every queued
 * thumbnail is made, stops on SIGTERM. Settings come from the environment.
 */
const server = await startTestServer({ seed: 'users' });
answerIdleRequests(server);
process.stdout.write(`READY ${server.origin}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
