/**
 * The thumbnail baseline of `npm run bench:upload`, in its own process (so it shares no event
 * loop with the benchmark): the three thumbnails the server makes of each file (300/800/1300,
 * longest side, auto-oriented, never enlarged, JPEG quality 80 without mozjpeg), made with sharp
 * alone in a plain loop: nothing else, no tus, no database, no checks. The fastest plain way we
 * measured: one decode per file, scaled to the largest size as raw pixels, the three JPEGs
 * encoded from that buffer at once.
 *
 * Runs `parallel` files at a time (the server's background decode slots) with sharp's thread
 * setting as the server has it (the bench starts it with the server's allocator environment).
 * Reads a JSON `{ files, parallel }` on stdin, prints one JSON line `{ ms, photos, sharpThreads }`.
 */
import { text } from 'node:stream/consumers';
import sharp from 'sharp';
import { serverThumbnailSettings } from '@photo/server/src/testing/image-bench.ts';

sharp.cache(false);

const { files, parallel } = JSON.parse(await text(process.stdin)) as {
  files: string[];
  parallel: number;
};
const sizes = serverThumbnailSettings().sizes.sort((a, b) => b - a);

async function thumbnails(file: string): Promise<void> {
  const largest = sizes[0]!;
  const { data, info } = await sharp(file, { sequentialRead: true, failOn: 'error' })
    .rotate()
    .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  await Promise.all(
    sizes.map((size) =>
      sharp(data, raw)
        .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 80, mozjpeg: false })
        .toBuffer(),
    ),
  );
}

const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: Math.max(1, parallel) }, async () => {
    for (let index = next++; index < files.length; index = next++) await thumbnails(files[index]!);
  }),
);
const ms = performance.now() - started;
process.stdout.write(
  `${JSON.stringify({ ms, photos: files.length, sharpThreads: sharp.concurrency() })}\n`,
);
