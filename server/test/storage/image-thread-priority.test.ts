import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageQueue } from '../../src/storage/image-queue.ts';
import { inspectImage } from '../../src/storage/image-processing.ts';
import {
  IMAGE_THREAD_NICE,
  lowerImageThreadPriority,
} from '../../src/storage/image-thread-priority.ts';

/** The nice value of every thread of this process, by thread name. */
function niceByThread(): Array<{ name: string; nice: number }> {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      return [{ name, nice: getPriority(Number(tid)) }];
    } catch {
      return []; // ended meanwhile
    }
  });
}

const photo = () =>
  sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#888888',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();

// Thumbnail decodes give way to request handling (docs/architecture.md, "Storage"): Linux
// schedules each thread by its own nice value.
describe.runIf(process.platform === 'linux')('image decode threads', () => {
  it('run below the priority of the threads that answer requests, once an image was decoded', async () => {
    const queue = new ImageQueue(2);
    const bytes = await photo();
    const thumbnails = await queue.render(bytes, await inspectImage(bytes));
    expect(thumbnails?.map((thumbnail) => thumbnail.size)).toEqual([300, 800, 1300]);

    const threads = niceByThread();
    const workers = threads.filter((thread) => thread.name === 'libvips worker');
    expect(workers.length).toBeGreaterThan(0);
    expect(workers.every((thread) => thread.nice === IMAGE_THREAD_NICE)).toBe(true);
    // The JavaScript thread (and libuv's, which read and write the uploads) keep theirs.
    const main = threads[0]!;
    expect(main.nice).toBe(getPriority());
    expect(main.nice).toBeLessThan(IMAGE_THREAD_NICE);
    // Each thread is lowered once.
    expect(lowerImageThreadPriority()).toBe(0);
  });
});
