import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256OfSource } from '@photo/core/transfer/checksum';
import { blobSource } from '@photo/core/transfer/upload-source';
import { nodeSha256 } from './node-checksum';

const sourceOf = (bytes: Uint8Array) =>
  blobSource(new Blob([bytes]), { name: 'photo.jpg', type: 'image/jpeg', lastModified: 1 });

describe('the main process checksum', () => {
  it('equals the engine default and Node’s one-shot digest, over several chunks', async () => {
    const bytes = randomBytes(9 * 1024 * 1024 + 123);
    const progress: number[] = [];
    const digest = await nodeSha256(sourceOf(bytes), { onProgress: (n) => progress.push(n) });
    expect(digest).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(digest).toBe(await sha256OfSource(sourceOf(bytes)));
    // One report per chunk read (4 MiB each), the last one the whole file.
    expect(progress).toEqual([4 * 1024 * 1024, 8 * 1024 * 1024, bytes.byteLength]);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      nodeSha256(sourceOf(randomBytes(1024)), { signal: controller.signal }),
    ).rejects.toThrow();
  });
});
