// Database-independent: the server under test is a child process, which runs on the embedded
// database whichever project starts it, so the file runs in the vitest project `server` only,
// not again in `server-pg` (vitest.config.ts).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDemoJpeg, prng } from '../../src/seed/photos-images.ts';
import { ALLOCATOR_ENV } from '../../src/storage/image-queue.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import { tusUpload } from './helpers.ts';

const serverDir = fileURLToPath(new URL('../../', import.meta.url));
const PEAK_RSS_LIMIT_MB = 400;
const BURST = 8;

let child: ChildProcess;
let origin: string;

/** Resident set size now and at its peak (kB → MB) of a process, from /proc. */
async function memory(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: field('VmRSS') / 1024, peak: field('VmHWM') / 1024 };
}

/**
 * A PNG with a text chunk after its header: the same picture, different bytes, so each upload
 * of the burst is a photo of its own rather than a duplicate of the first.
 */
function withComment(png: Buffer, comment: string): Buffer {
  const data = Buffer.from(`Comment\0${comment}`, 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  const afterHeader = 8 + 25; // signature + IHDR chunk
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

/** The V8 memory flags `npm start` gives node (server/package.json), e.g. a 2 MB semi-space. */
async function startMemoryFlags(): Promise<string[]> {
  const { scripts } = JSON.parse(await readFile(`${serverDir}package.json`, 'utf8')) as {
    scripts: { start: string };
  };
  return scripts.start.match(/--max-[\w-]+=\S+/g) ?? [];
}

beforeAll(async () => {
  const flags = await startMemoryFlags();
  expect(flags).not.toEqual([]);
  child = spawn(process.execPath, [...flags, '--import', 'tsx', 'test/storage/child-server.ts'], {
    cwd: serverDir,
    // As `npm start` runs it (its V8 flags and ALLOCATOR_ENV), with the default decode
    // concurrency: the limit is the product's, so is the process measured.
    env: { ...process.env, ...ALLOCATOR_ENV, IMAGE_DECODE_CONCURRENCY: '2' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /READY (\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
}, 90_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
});

/** Resolves once the child server has made every queued thumbnail. */
function thumbnailsIdle(): Promise<void> {
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      if (!chunk.toString().includes('IDLE')) return;
      child.stdout!.off('data', onData);
      resolve();
    };
    child.stdout!.on('data', onData);
    child.stdin!.write('idle\n');
  });
}

describe('image decoding under a burst of huge images', () => {
  it(`keeps the server under ${PEAK_RSS_LIMIT_MB} MB with ${BURST} parallel 16000 × 16000 PNG uploads while a small upload's thumbnails go through`, async () => {
    // A 16000 × 16000 one-colour PNG: about 775 KB of file, 768 MB of pixels.
    const huge = await sharp({
      create: { width: 16_000, height: 16_000, channels: 3, background: '#4a7' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeGreaterThan(700_000);
    expect(huge.length).toBeLessThan(900_000);
    const { accessToken } = await signIn(origin, 'demo@example.com', 'demo1234');
    const before = await memory(child.pid!);

    const started = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        tusUpload(origin, accessToken, withComment(huge, `copy ${i}`), {
          filename: `huge-${i}.png`,
          filetype: 'image/png',
        }),
      ),
    );
    // Answered from the header: the decodes run in the background queue.
    const answeredMs = Date.now() - started;
    expect(outcomes.map((outcome) => [outcome.status, outcome.body.status])).toEqual(
      Array.from({ length: BURST }, () => [200, 'created']),
    );
    expect(outcomes[0]!.body.photo.visibleWidth).toBe(16_000);

    // While the huge ones are decoded: an ordinary photo, and its thumbnail shown at once.
    const idle = thumbnailsIdle().then(() => Date.now());
    const smallStart = Date.now();
    const small = await tusUpload(origin, accessToken, await renderDemoJpeg(prng(5), null), {
      filename: 'small.jpg',
    });
    expect(small.status).toBe(200);
    const thumbnail = await fetch(small.body.photo.thumbnails[0].url);
    expect(thumbnail.status).toBe(200);
    await thumbnail.arrayBuffer();
    const smallMs = Date.now() - smallStart;
    const burstDone = await idle;
    const after = await memory(child.pid!);
    console.info(
      `decode burst: RSS before ${before.rss.toFixed(0)} MB, peak ${after.peak.toFixed(0)} MB; ` +
        `${BURST} huge PNGs answered in ${answeredMs} ms, their thumbnails made in ${burstDone - started} ms; ` +
        `small upload and its thumbnail in ${smallMs} ms`,
    );

    expect(after.peak).toBeLessThan(PEAK_RSS_LIMIT_MB);
    // The small photo's thumbnail did not wait for the queue of huge ones.
    expect(smallMs).toBeLessThan(5_000);
    expect(smallStart + smallMs).toBeLessThan(burstDone);
    // Every huge photo got its thumbnails.
    for (const outcome of outcomes) {
      const response = await fetch(outcome.body.photo.thumbnails[0].url);
      expect(response.status).toBe(200);
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(300);
    }
  }, 180_000);
});
