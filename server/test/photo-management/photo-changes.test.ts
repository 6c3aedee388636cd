/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are checked with the zod schema */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoChangesPageSchema } from '@photo/core/api/schemas/photo-changes';
import { seedBulkPhotos } from '../../src/seed/bulk-photos.ts';
import { prng, renderDemoJpeg } from '../../src/seed/photos-images.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { Api } from './helpers.ts';
import { apiClient } from './helpers.ts';

// The change feed the desktop export follows: every photo that enters or leaves the library,
// after a cursor, only the caller's, malformed input answered 400 naming the field.
const PHOTOS = 30;

let server: TestServer;
let demo: Api;
let friend: Api;

beforeAll(async () => {
  server = await startTestServer({ seed: 'users' });
  await seedBulkPhotos(server.app.deps, { photos: PHOTOS });
  demo = apiClient(
    server.origin,
    (await signIn(server.origin, 'demo@example.com', 'demo1234')).accessToken,
  );
  friend = apiClient(
    server.origin,
    (await signIn(server.origin, 'friend@example.com', 'demo1234')).accessToken,
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** Every page after `cursor`, checked against the schema. */
async function follow(api: Api, cursor?: string, limit = 500) {
  const added: any[] = [];
  const removed: string[] = [];
  let pages = 0;
  for (;;) {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    const { status, body } = await api.get(`/photos/changes?${query}`);
    expect(status).toBe(200);
    const page = photoChangesPageSchema.parse(body);
    pages += 1;
    added.push(...page.added);
    removed.push(...page.removed);
    cursor = page.cursor;
    if (!page.hasMore) return { added, removed, cursor, pages };
  }
}

async function upload(api: Api, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const response = await fetch(`${server.origin}/api/photo/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { imageId: string };
}

describe('GET /photos/changes', () => {
  let cursor: string;

  it('lists the whole library from the start, in pages, with signed original URLs whose bytes match the checksum', async () => {
    const all = await follow(demo, undefined, 7);
    expect(all.pages).toBe(Math.ceil(PHOTOS / 7));
    expect(all.added).toHaveLength(PHOTOS);
    expect(new Set(all.added.map((photo) => photo.id)).size).toBe(PHOTOS);
    expect(all.removed).toEqual([]);
    const first = all.added[0];
    expect(first.fileName).toMatch(/^IMG_\d+\.jpg$/);
    // The URL needs no bearer token: a plain download, as the export makes.
    const bytes = Buffer.from(await (await fetch(first.url)).arrayBuffer());
    expect(bytes.length).toBe(first.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(first.checksum);
    cursor = all.cursor;
  });

  it('gives nothing new after the last cursor, and the same cursor back', async () => {
    const { body } = await demo.get(`/photos/changes?cursor=${encodeURIComponent(cursor)}`);
    expect(body).toEqual({ added: [], removed: [], cursor, hasMore: false });
  });

  it('reports uploads as added and deletes as removed after the cursor', async () => {
    const ids = (await follow(demo)).added.map((photo) => photo.id);
    const gone = ids.slice(0, 3);
    expect((await demo.send('DELETE', '/photos', { photoIds: gone })).status).toBe(200);
    const created = await upload(demo, await renderDemoJpeg(prng(7), null), 'new.jpg');
    const next = await follow(demo, cursor);
    expect(next.removed.sort()).toEqual([...gone].sort());
    expect(next.added.map((photo) => photo.id)).toEqual([created.imageId]);
    expect(next.added[0]).toMatchObject({ fileName: 'new.jpg', mimeType: 'image/jpeg' });
    cursor = next.cursor;
  });

  it('folds a photo added and removed within one page into removed only', async () => {
    const created = await upload(demo, await renderDemoJpeg(prng(8), null), 'brief.jpg');
    await demo.send('DELETE', '/photos', { photoIds: [created.imageId] });
    const next = await follow(demo, cursor);
    expect(next.added).toEqual([]);
    expect(next.removed).toEqual([created.imageId]);
  });

  it('reports photos restored from Recently deleted as added again', async () => {
    const gone = (await follow(demo)).removed.slice(0, 1);
    const before = await follow(demo);
    const restore = await demo.send('POST', '/photos/trash/restore', { photoIds: gone });
    expect(restore.status).toBe(200);
    const next = await follow(demo, before.cursor);
    expect(next.added.map((photo) => photo.id)).toEqual(gone);
    expect(next.removed).toEqual([]);
  });

  it("shows each user only their own photos and refuses another user's cursor", async () => {
    const own = await follow(friend);
    const demoIds = new Set((await follow(demo)).added.map((photo) => photo.id));
    expect(own.added.some((photo) => demoIds.has(photo.id))).toBe(false);
    const { status, body } = await friend.get(
      `/photos/changes?cursor=${encodeURIComponent(cursor)}`,
    );
    expect(status).toBe(400);
    expect(body.field).toBe('query.cursor');
  });

  it.each([
    ['limit=0', 'query.limit'],
    ['limit=501', 'query.limit'],
    ['limit=abc', 'query.limit'],
    ['cursor=', 'query.cursor'],
    ['cursor=not-a-cursor', 'query.cursor'],
    ['cursor=eyJ4IjoxfQ.AAAA', 'query.cursor'],
  ])('answers %s with 400 naming %s', async (query, field) => {
    const { status, body } = await demo.get(`/photos/changes?${query}`);
    expect(status).toBe(400);
    expect(body.field).toBe(field);
  });

  it('needs a token', async () => {
    const response = await fetch(`${server.origin}/api/photo/photos/changes`);
    expect(response.status).toBe(401);
  });
});
