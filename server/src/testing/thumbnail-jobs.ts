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
 * once every queued thumbnail is made; `hold` holds queued thumbnails back (answered `HELD`),
 * `release` lets them run again (answered `RELEASED`): the upload benchmark's engine round
 * without thumbnails competing for the cores.
 */
export function answerIdleRequests(server: Pick<TestServer, 'app'>): void {
  createInterface({ input: process.stdin }).on('line', (line) => {
    const command = line.trim();
    if (command === 'idle') void thumbnailsIdle(server).then(() => process.stdout.write('IDLE\n'));
    else if (command === 'hold' || command === 'release')
      void photoContextFor(server.app.deps).then(({ thumbnails }) => {
        if (command === 'hold') thumbnails.pause();
        else thumbnails.resume();
        process.stdout.write(command === 'hold' ? 'HELD\n' : 'RELEASED\n');
      });
  });
}
