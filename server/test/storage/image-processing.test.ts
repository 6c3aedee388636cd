// Database-independent: nothing here can go differently on PostgreSQL, so the file runs in the
// vitest project `server` only, not again in `server-pg` (vitest.config.ts).
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectImage, renderThumbnails } from '../../src/storage/image-processing.ts';

/** A picture whose left half is red and right half blue, `width` × `height` as stored. */
async function halves(width: number, height: number): Promise<Sharp> {
  const half = Math.floor(width / 2);
  const blue = await sharp({
    create: { width: width - half, height, channels: 3, background: '#0000ff' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } }).composite([
    { input: blue, left: half, top: 0 },
  ]);
}

async function pixel(jpeg: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

// The three thumbnails come from one decode scaled to the largest as raw pixels
// (docs/architecture.md, "Storage"); these pin what that must keep: sizes, format, orientation,
// colours of 16-bit and transparent PNGs.
describe('renderThumbnails', () => {
  it('makes the three JPEGs at exactly the recorded sizes, turned upright by the EXIF orientation', async () => {
    // Orientation 6: shown turned a quarter clockwise, so the stored left half (red) is on top.
    const jpeg = await (
      await halves(2000, 1000)
    )
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const info = await inspectImage(jpeg);
    expect(info.thumbnailSizes).toEqual([
      { size: 300, width: 150, height: 300 },
      { size: 800, width: 400, height: 800 },
      { size: 1300, width: 650, height: 1300 },
    ]);
    const thumbnails = await renderThumbnails(jpeg, info);
    expect(thumbnails.map(({ size, width, height }) => ({ size, width, height }))).toEqual(
      info.thumbnailSizes,
    );
    for (const thumbnail of thumbnails) {
      const meta = await sharp(thumbnail.data).metadata();
      expect(meta).toMatchObject({
        format: 'jpeg',
        width: thumbnail.width,
        height: thumbnail.height,
      });
      expect(meta.orientation ?? 1).toBe(1);
      const [topR, , topB] = await pixel(thumbnail.data, thumbnail.width / 2, 5);
      const [bottomR, , bottomB] = await pixel(
        thumbnail.data,
        thumbnail.width / 2,
        thumbnail.height - 5,
      );
      expect(topR).toBeGreaterThan(200);
      expect(topB).toBeLessThan(60);
      expect(bottomB).toBeGreaterThan(200);
      expect(bottomR).toBeLessThan(60);
    }
  });

  it('never enlarges a small picture', async () => {
    const jpeg = await (await halves(200, 100)).jpeg().toBuffer();
    const thumbnails = await renderThumbnails(jpeg, await inspectImage(jpeg));
    expect(thumbnails.map(({ width, height }) => `${width}x${height}`)).toEqual([
      '200x100',
      '200x100',
      '200x100',
    ]);
  });

  it('keeps the colours of a 16-bit PNG (scaled to 8 bits, not clipped) and of a transparent one', async () => {
    const grey16 = await sharp({
      create: { width: 1400, height: 900, channels: 3, background: '#808080' },
    })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect((await sharp(grey16).metadata()).depth).toBe('ushort');
    const transparent = await sharp({
      create: {
        width: 900,
        height: 900,
        channels: 4,
        background: { r: 0, g: 160, b: 0, alpha: 1 },
      },
    })
      .png()
      .toBuffer();
    for (const [png, colour] of [
      [grey16, [128, 128, 128]],
      [transparent, [0, 160, 0]],
    ] as const) {
      for (const thumbnail of await renderThumbnails(png, await inspectImage(png))) {
        expect((await sharp(thumbnail.data).metadata()).format).toBe('jpeg');
        const got = await pixel(thumbnail.data, 10, 10);
        got.forEach((value, channel) => expect(Math.abs(value - colour[channel]!)).toBeLessThan(6));
      }
    }
  });
});
