import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDemoJpeg, prng } from '../../src/seed/photos-images.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import { filesBelow, sha256Hex, tusMetadata, tusRequest, tusUpload, waitUntil } from './helpers.ts';

let server: TestServer;
let token: string;
let userId: string;

beforeAll(async () => {
  // Partial uploads expire after 2 s; the sweep runs every second.
  server = await startTestServer({
    env: { UPLOAD_EXPIRY_SECONDS: '2', UPLOAD_CLEANUP_INTERVAL_SECONDS: '1' },
  });
  const session = await signIn(server.origin, 'demo@example.com', 'demo1234');
  token = session.accessToken;
  userId = session.claims.sub;
}, 120_000);

afterAll(async () => {
  await server?.close();
}, 120_000);

const uploadsDir = () => path.join(server.dataDir, 'storage', 'uploads');

describe('abandoned uploads (UPLOAD_EXPIRY_SECONDS)', () => {
  it('removes expired partial uploads and files nobody owns; finished uploads stay', async () => {
    const finished = await tusUpload(server.origin, token, await renderDemoJpeg(prng(1), null), {
      filename: 'kept.jpg',
    });
    expect(finished.status).toBe(200);

    const bytes = await renderDemoJpeg(prng(2), null);
    const created = await tusRequest(server.origin, token, 'POST', '/api/storage/files', {
      'upload-length': String(bytes.length),
      'upload-metadata': tusMetadata({ filename: 'abandoned.jpg', checksum: sha256Hex(bytes) }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('upload-expires')).not.toBeNull();
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;
    const sent = await tusRequest(
      server.origin,
      token,
      'PATCH',
      location,
      { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      bytes.subarray(0, 500),
    );
    expect(sent.status).toBe(204);
    // The upload's row is tus's record of it: no `.json` file beside its bytes.
    expect(await filesBelow(uploadsDir())).toEqual([id]);
    const partial = await tusRequest(server.origin, token, 'HEAD', location);
    expect(partial.status).toBe(200);
    expect(partial.headers.get('upload-offset')).toBe('500');
    expect(partial.headers.get('upload-length')).toBe(String(bytes.length));
    expect(partial.headers.get('upload-metadata')).toContain(
      `filename ${Buffer.from('abandoned.jpg').toString('base64')}`,
    );
    // Records tus kept in files before the rows took their place go with the next sweep.
    await writeFile(path.join(uploadsDir(), `${id}.json`), '{}');
    // A file without an owner (its account was deleted mid-upload): the next sweep takes it.
    const orphan = randomUUID();
    await writeFile(path.join(uploadsDir(), orphan), 'partial bytes');
    await writeFile(path.join(uploadsDir(), `${orphan}.json`), '{}');

    await waitUntil(async () => (await filesBelow(uploadsDir())).length === 0, 10_000);
    const record = await fetch(`${server.origin}/api/storage/uploads/${id}?accountId=${userId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(record.status).toBe(404);
    const head = await tusRequest(server.origin, token, 'HEAD', location);
    expect(head.status).toBe(404);
    const kept = await fetch(
      `${server.origin}/api/storage/uploads/${finished.body.uploadId}?accountId=${userId}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(((await kept.json()) as { status: string }).status).toBe('created');
  }, 30_000);
});
