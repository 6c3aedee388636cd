// Database-independent: nothing here can go differently on PostgreSQL, so the file runs in the
// vitest project `server` only, not again in `server-pg` (vitest.config.ts).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/server';
import { afterAll, describe, expect, it } from 'vitest';
import { HashingFileStore } from '../../src/modules/storage/hashing-file-store.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function store(): Promise<HashingFileStore> {
  const directory = await mkdtemp(path.join(tmpdir(), 'hashing-store-'));
  dirs.push(directory);
  return new HashingFileStore({ directory });
}

/** A body arriving in pieces of 64 KiB, optionally breaking off after `failAfter` bytes. */
function body(bytes: Buffer, failAfter?: number): Readable {
  return Readable.from(
    (async function* pieces() {
      for (let at = 0; at < bytes.length; at += 65_536) {
        if (failAfter !== undefined && at >= failAfter) throw new Error('connection dropped');
        yield bytes.subarray(at, at + 65_536);
      }
    })(),
  );
}

// The completing request's checksum comes from the bytes as they were written
// (docs/architecture.md, "Uploads (tus)"); the file is hashed again whenever that is not sure.
describe('HashingFileStore', () => {
  it('hashes an upload written in several requests as it goes', async () => {
    const files = await store();
    const bytes = randomBytes(700_000);
    await files.create(new Upload({ id: 'a', size: bytes.length, offset: 0 }));
    expect(await files.write(body(bytes.subarray(0, 300_000)), 'a', 0)).toBe(300_000);
    expect(await files.write(body(bytes.subarray(300_000)), 'a', 300_000)).toBe(bytes.length);
    expect(await readFile(path.join(files.directory, 'a'))).toEqual(bytes);
    expect(files.takeHash('a', bytes.length)).toBe(sha256(bytes));
    // Taken once: asked again, the caller reads the file.
    expect(files.takeHash('a', bytes.length)).toBeUndefined();
  });

  it('answers nothing after a broken write, a write at another offset, or before the end', async () => {
    const files = await store();
    const bytes = randomBytes(400_000);
    await files.create(new Upload({ id: 'b', size: bytes.length, offset: 0 }));
    await expect(files.write(body(bytes, 200_000), 'b', 0)).rejects.toBeTruthy();
    expect(files.takeHash('b', bytes.length)).toBeUndefined();

    await files.create(new Upload({ id: 'c', size: bytes.length, offset: 0 }));
    await files.write(body(bytes.subarray(0, 100_000)), 'c', 0);
    // Another process wrote up to 200,000 meanwhile: this one's running hash no longer fits.
    await files.write(body(bytes.subarray(200_000)), 'c', 200_000);
    expect(files.takeHash('c', bytes.length)).toBeUndefined();

    await files.create(new Upload({ id: 'd', size: bytes.length, offset: 0 }));
    await files.write(body(bytes.subarray(0, 100_000)), 'd', 0);
    expect(files.takeHash('d', bytes.length)).toBeUndefined();
  });
});
