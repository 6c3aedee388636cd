import { createInterface } from 'node:readline';
import { photoContextFor } from '../modules/photo-management/photo-context.ts';
import type { TestServer } from './test-server.ts';

/**
 * Resolves once the server has made every queued thumbnail: uploads are answered before their
 * thumbnails exist (docs/architecture.md, "The reference server", Storage), so a test or a
 * benchmark that counts files or times the whole ingest waits for this.
 */
export async function thumbnailsIdle(server: Pick<TestServer, 'app'>): Promise<void> {
  await (await photoContextFor(server.app.deps)).thumbnails.onIdle();
}

/**
 * For a test server in its own process: each `idle` line on stdin is answered `IDLE` on stdout
 * once every queued thumbnail is made.
 */
export function answerIdleRequests(server: Pick<TestServer, 'app'>): void {
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() !== 'idle') return;
    void thumbnailsIdle(server).then(() => process.stdout.write('IDLE\n'));
  });
}
