import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { ProcessedImage } from '../storage/image-processing.ts';
import { processImage } from '../storage/image-processing.ts';
import { sha256 } from '../storage/content-store.ts';

/** Deterministic PRNG (mulberry32): the same seed gives the same demo data on every machine. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** v4-layout UUID from the PRNG (deterministic ids for seeded rows). */
export function prngUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = (8 + Math.floor(random() * 4)).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

export interface DemoImage {
  buffer: Buffer;
  hash: string;
  image: ProcessedImage;
}

const hsl = (h: number, s: number, l: number) =>
  `hsl(${Math.round(h)},${Math.round(s)}%,${Math.round(l)}%)`;

/** `2021-05-03T10:00:00.000Z` → `2021:05:03 10:00:00` (EXIF wall time). */
const exifDate = (iso: string) => `${iso.slice(0, 10).replace(/-/g, ':')} ${iso.slice(11, 19)}`;

/**
 * One small JPEG (landscape, portrait or square) with a gradient and shapes in colours from
 * the PRNG, and `dateTaken` as EXIF DateTimeOriginal when given.
 */
export async function renderDemoJpeg(
  random: () => number,
  dateTaken: string | null,
): Promise<Buffer> {
  const shape = random();
  const [width, height] = shape < 0.55 ? [480, 360] : shape < 0.85 ? [360, 480] : [420, 420];
  const hue = random() * 360;
  const circles = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
    const r = 20 + random() * 110;
    return `<circle cx="${Math.round(random() * width)}" cy="${Math.round(random() * height)}" r="${Math.round(r)}" fill="${hsl(hue + 120 + random() * 120, 70, 40 + random() * 50)}" opacity="${(0.4 + random() * 0.5).toFixed(2)}"/>`;
  }).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="${random().toFixed(2)}" y2="1">` +
    `<stop offset="0" stop-color="${hsl(hue, 60 + random() * 30, 45 + random() * 25)}"/>` +
    `<stop offset="1" stop-color="${hsl(hue + 40 + random() * 80, 50 + random() * 40, 20 + random() * 30)}"/>` +
    `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${circles}` +
    `<rect x="${Math.round(random() * width * 0.6)}" y="${Math.round(height * 0.7)}" width="${Math.round(width * 0.4)}" height="${Math.round(height * 0.3)}" fill="${hsl(hue + 200, 40, 25)}" opacity="0.8"/>` +
    `</svg>`;
  let pipeline = sharp(Buffer.from(svg)).jpeg({ quality: 82 });
  if (dateTaken) {
    const stamp = exifDate(dateTaken);
    // IFD2 is libvips' name for the EXIF sub-IFD, where DateTimeOriginal lives.
    pipeline = pipeline.withExif({
      IFD0: { DateTime: stamp },
      IFD2: { DateTimeOriginal: stamp },
    } as never);
  }
  return pipeline.toBuffer();
}

/**
 * Renders `dates.length` distinct demo JPEGs and runs each through the real upload pipeline
 * (decode, EXIF, thumbnails), a few at a time.
 */
export async function makeDemoImages(
  random: () => number,
  dates: ReadonlyArray<string | null>,
): Promise<DemoImage[]> {
  const buffers: Buffer[] = [];
  for (const date of dates) buffers.push(await renderDemoJpeg(random, date));
  const out: DemoImage[] = new Array(buffers.length);
  const concurrency = 4;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < buffers.length) {
        const index = next++;
        const buffer = buffers[index]!;
        out[index] = { buffer, hash: sha256(buffer), image: await processImage(buffer) };
      }
    }),
  );
  return out;
}

/** Bytes a JPEG of random pixels takes per pixel at quality 90 (measured with sharp 0.35). */
const NOISE_JPEG_BYTES_PER_PIXEL = 0.82;

/**
 * A real JPEG of about `bytes` (4:3, random pixels, which do not compress): an original the size
 * of a camera's for benchmarks of bytes on the wire (`npm run bench:export`).
 */
export async function renderLargeJpeg(bytes: number): Promise<Buffer> {
  const pixels = bytes / NOISE_JPEG_BYTES_PER_PIXEL;
  const width = Math.max(16, Math.round(Math.sqrt((pixels * 4) / 3)));
  const height = Math.max(12, Math.round((width * 3) / 4));
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
