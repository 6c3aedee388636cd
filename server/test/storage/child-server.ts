import { startTestServer } from '../../src/testing/test-server.ts';

/**
 * A test server in its own process, so a test can measure that process's memory honestly:
 * prints `READY <origin>` once it listens, stops on SIGTERM. Settings come from the environment.
 */
const server = await startTestServer({ seed: 'users' });
process.stdout.write(`READY ${server.origin}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
