// @vitest-environment node
import { sha256 } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { sha256OfChunks, sha256OfSource } from './checksum';
import { blobChunks, blobSource } from './upload-source';

describe('checksums', () => {
  it('hashes known vectors', async () => {
    const abc = new TextEncoder().encode('abc');
    expect(await sha256OfChunks(blobChunks(new Blob([abc]), 1))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(await sha256OfChunks(blobChunks(new Blob([]), 4))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('streams a file in bounded chunks, reporting progress, with the one-shot digest', async () => {
    const data = new Uint8Array(10 * 1024 * 1024 + 123).map((_, index) => (index * 31) % 251);
    const sizes: number[] = [];
    const progress: number[] = [];
    async function* recorded() {
      for await (const chunk of blobChunks(new Blob([data]), 1024 * 1024)) {
        sizes.push(chunk.byteLength);
        yield chunk;
      }
    }
    const hex = await sha256OfChunks(recorded(), { onProgress: (bytes) => progress.push(bytes) });
    expect(hex).toBe(await sha256(data));
    expect(Math.max(...sizes)).toBe(1024 * 1024);
    expect(sizes).toHaveLength(11);
    expect(progress.at(-1)).toBe(data.byteLength);
    const source = blobSource(new Blob([data]), { name: 'x.jpg' });
    expect(await sha256OfSource(source)).toBe(hex);
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const source = blobSource(new Blob([new Uint8Array(100)]), { name: 'x.jpg' });
    await expect(sha256OfSource(source, { signal: controller.signal })).rejects.toThrow('stop');
  });
});
