/**
 * Small real images for upload tests, made without an image library: a PNG is a signature and
 * three CRC-checked chunks around zlib-compressed rows. `seed` varies the colour, so each image
 * has its own bytes (the server stores equal bytes once).
 */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of `width`×`height`; `padding` bytes of a private ancillary chunk (`prVt`, which decoders
 * skip) make it as large as a test needs, e.g. to send it in several tus chunks.
 */
export function pngImage(seed: number, width = 16, height = 12, padding = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      row[1 + x * 3] = (seed * 37 + x) & 0xff;
      row[2 + x * 3] = (seed * 11 + y) & 0xff;
      row[3 + x * 3] = (seed >> 8) & 0xff;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(padding > 0 ? [chunk('prVt', Buffer.alloc(padding, seed & 0xff))] : []),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
