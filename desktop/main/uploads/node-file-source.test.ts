import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blobSource } from '@photo/core/transfer/upload-source';
import { nodeFileSource } from './node-file-source';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'node-file-source-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fileWith(bytes: Uint8Array) {
  const file = path.join(dir, 'photo.jpg');
  await writeFile(file, bytes);
  const info = await stat(file);
  return {
    file,
    source: nodeFileSource(file, {
      name: 'photo.jpg',
      type: 'image/jpeg',
      size: info.size,
      mtimeMs: info.mtimeMs,
    }),
    info,
  };
}

const collect = async (chunks: AsyncIterable<Uint8Array>) => {
  const parts: number[] = [];
  const all: Uint8Array[] = [];
  for await (const chunk of chunks) {
    parts.push(chunk.byteLength);
    all.push(chunk);
  }
  return { parts, bytes: Buffer.concat(all) };
};

describe('the main process file source', () => {
  it('reads ranges and chunks of the file on disk, with the resume key a Blob of it has', async () => {
    const bytes = randomBytes(2500);
    const { source, info } = await fileWith(bytes);
    expect(Buffer.from((await source.slice(1000, 2000)) as Uint8Array)).toEqual(
      bytes.subarray(1000, 2000),
    );
    // A range past the end stops at the end, as a Blob's slice does.
    expect(Buffer.from((await source.slice(2000, 9000)) as Uint8Array)).toEqual(
      bytes.subarray(2000),
    );
    const { parts, bytes: read } = await collect(source.chunks(1000));
    expect(parts).toEqual([1000, 1000, 500]);
    expect(read).toEqual(bytes);
    const blob = blobSource(new Blob([bytes], { type: 'image/jpeg' }), {
      name: 'photo.jpg',
      lastModified: info.mtimeMs,
    });
    expect(source.resumeKey).toBe(blob.resumeKey);
    expect([source.name, source.type, source.size]).toEqual(['photo.jpg', 'image/jpeg', 2500]);
  });

  it('refuses to read a file changed on disk since it was looked at', async () => {
    const { file, source } = await fileWith(randomBytes(2000));
    await writeFile(file, randomBytes(2000));
    await utimes(file, new Date(), new Date(Date.now() + 60_000));
    await expect(source.slice(0, 1000)).rejects.toThrow('"photo.jpg" changed on disk');
    await expect(collect(source.chunks(1000))).rejects.toThrow('changed on disk');
  });

  it('stops reading chunks when aborted', async () => {
    const { source } = await fileWith(randomBytes(3000));
    const controller = new AbortController();
    const parts: number[] = [];
    await expect(async () => {
      for await (const chunk of source.chunks(1000, controller.signal)) {
        parts.push(chunk.byteLength);
        controller.abort();
      }
    }).rejects.toThrow();
    expect(parts).toEqual([1000]);
  });
});
