import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signIn } from '@photo/server/src/testing/sign-in.ts';
import { startTestServer, type TestServer } from '@photo/server/src/testing/test-server.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UploadProgress } from '../../common/ipc-contract';
import { pngImage } from '../../testing/test-images';
import { createImagePicker, type ShowOpenDialog } from '../files/image-picker';
import { createUploader } from './uploader';

let server: TestServer;
let token: string;
let dir: string;

beforeAll(async () => {
  server = await startTestServer({ seed: 'users' });
  token = (await signIn(server.origin, 'demo@example.com', 'demo1234', { clientId: 'desktop' }))
    .accessToken;
  dir = await mkdtemp(path.join(tmpdir(), 'photo-upload-'));
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

async function api(route: string) {
  const response = await fetch(`${server.origin}/api/photo${route}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as Record<string, unknown>;
}

describe('uploads from disk to the real server', () => {
  it('uploads every image of a picked folder, four at a time, into the library and an album', async () => {
    const folder = path.join(dir, 'Holiday');
    await mkdir(path.join(folder, 'day 2'), { recursive: true });
    for (let i = 0; i < 10; i += 1)
      await writeFile(path.join(folder, i < 5 ? '' : 'day 2', `photo-${i}.png`), pngImage(100 + i));
    await writeFile(path.join(folder, 'notes.txt'), 'not a photo');
    const picker = createImagePicker(
      vi.fn<ShowOpenDialog>(async () => ({ canceled: false, filePaths: [folder] })),
    );
    const picked = await picker.pickFolder();
    expect(picked).toHaveLength(10);

    const created = await fetch(`${server.origin}/api/photo/albums`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'From the desktop' }),
    });
    const { albumId } = (await created.json()) as { albumId: string };

    let inFlight = 0;
    let maxInFlight = 0;
    const realFetch = globalThis.fetch;
    const uploader = createUploader({
      picker,
      getAccessToken: async () => token,
      endpoint: new URL('/api/photo/photos', server.origin),
      fetch: async (input, init) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          return await realFetch(input, init);
        } finally {
          inFlight -= 1;
        }
      },
    });
    const progress: UploadProgress[] = [];
    const results = await uploader.uploadFiles(
      picked.map((p) => p.handle),
      { albumId },
      (p) => progress.push(p),
    );
    expect(results.filter((r) => r.error)).toEqual([]);
    expect(results.every((r) => typeof r.photoId === 'string')).toBe(true);
    expect(maxInFlight).toBe(4);
    expect(progress.filter((p) => p.done)).toHaveLength(10);

    expect(await api('/users')).toMatchObject({ photosCount: 10 });
    const album = await api(`/albums/${albumId}`);
    expect(album).toMatchObject({ photosCount: 10 });
  });
});
