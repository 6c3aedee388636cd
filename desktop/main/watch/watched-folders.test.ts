import { spawn } from 'node:child_process';
import {
  appendFile,
  mkdir,
  mkdtemp,
  readFile,
  rename,
  rm,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UploadList } from '@photo/core/transfer/upload-model';
import { signIn } from '@photo/server/src/testing/sign-in.ts';
import { startTestServer, type TestServer } from '@photo/server/src/testing/test-server.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WatchedFoldersSnapshot, WatchTarget } from '../../common/ipc-contract';
import { countingHttpStack, type CountingHttpStack } from '../../testing/counting-http-stack';
import { pngImage } from '../../testing/test-images';
import { WINDOW_INTERVAL_MS } from '../uploads/queue/queue-snapshot';
import { createUploadQueue, UPLOAD_CONCURRENCY } from '../uploads/upload-queue';
import { createAlbumClient, type AlbumClient } from './album-client';
import { createWatchStore } from './watch-store';
import { createWatchedFolders } from './watched-folders';

let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startTestServer({ seed: 'users' });
  dir = await mkdtemp(path.join(tmpdir(), 'photo-watch-'));
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Each test signs in as its own demo user (they start without photos), so counts are its own. */
async function signInAs(email: string) {
  const session = await signIn(server.origin, email, 'demo1234', { clientId: 'desktop' });
  return { token: session.accessToken, accountId: session.claims.sub };
}
type User = Awaited<ReturnType<typeof signInAs>>;

async function api<T>(user: User, route: string): Promise<T> {
  const response = await fetch(`${server.origin}/api/photo${route}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  return (await response.json()) as T;
}
const photosCount = async (user: User) =>
  (await api<{ photosCount: number }>(user, '/users')).photosCount;
const albums = async (user: User) =>
  (
    await api<{ albums: { albumId: string; albumName: string; photosCount: number }[] }>(
      user,
      '/albums',
    )
  ).albums;

type Queue = ReturnType<typeof createUploadQueue>;

/** Main's watched folders and upload queue for `user` in `userDataDir`, as services.ts makes them. */
function mainProcess(
  userDataDir: string,
  folder: string,
  account: { current: User | null },
  {
    stack = countingHttpStack(),
    wrapAlbums = (client) => client,
    wrapQueue = (queue) => queue,
  }: {
    stack?: CountingHttpStack;
    wrapAlbums?: (client: AlbumClient) => AlbumClient;
    /** What the watched folders see of the queue (to act while they call it). */
    wrapQueue?: (queue: Queue) => Queue;
  } = {},
) {
  /** What the window heard: the watched folders, and the queue. */
  const changes: WatchedFoldersSnapshot[] = [];
  const queueChanges: UploadList[] = [];
  const queue = createUploadQueue({
    filePath: path.join(userDataDir, 'upload-queue.json'),
    storageUrl: async () => `${server.origin}/api/storage`,
    getAccessToken: async () => account.current?.token ?? null,
    getAccountId: async () => account.current?.accountId ?? null,
    httpStack: stack,
    chunkSize: 16 * 1024,
    onChange: (list) => queueChanges.push(list),
  });
  const watched = createWatchedFolders({
    store: createWatchStore(path.join(userDataDir, 'watched-folders.json')),
    queue: wrapQueue(queue),
    albums: wrapAlbums(
      createAlbumClient({
        photoApiUrl: async () => `${server.origin}/api/photo`,
        getAccessToken: async () => account.current?.token ?? null,
      }),
    ),
    getAccountId: async () => account.current?.accountId ?? null,
    showOpenDialog: async () => ({ canceled: false, filePaths: [folder] }),
    onChange: (snapshot) => changes.push(snapshot),
    stableMs: 300,
    checkIntervalMs: 60_000,
  });
  /** Everything seen is queued and sent. */
  const idle = async () => {
    await watched.settled();
    await queue.idle();
  };
  return { queue, watched, stack, changes, queueChanges, idle };
}

const posts = (stack: CountingHttpStack) =>
  stack.requests.filter((request) => request.method === 'POST');

describe('watched folders against the real server', () => {
  it('uploads the 200 photos of a folder once each into its album, then new ones; renames and deletions send and delete nothing', async () => {
    const user = await signInAs('demo@example.com');
    const folder = path.join(dir, 'Holiday 2026');
    await mkdir(path.join(folder, 'day 2'), { recursive: true });
    for (let i = 0; i < 200; i += 1)
      await writeFile(path.join(folder, i < 120 ? '' : 'day 2', `img-${i}.png`), pngImage(i));
    // Not a photo, hidden, or not an image by its bytes: never sent.
    await writeFile(path.join(folder, 'notes.txt'), 'shopping list');
    await writeFile(path.join(folder, 'fake.jpg'), 'not a jpeg at all');
    await writeFile(path.join(folder, '.hidden.png'), pngImage(9999));

    const main = mainProcess(path.join(dir, 'ud-200'), folder, { current: user });
    await main.watched.start();
    const added = await main.watched.add('album');
    expect(added).toMatchObject({ status: 'added', folder: { name: 'Holiday 2026' } });
    await main.idle();

    expect(await photosCount(user)).toBe(200);
    expect(posts(main.stack)).toHaveLength(200);
    const [album] = await albums(user);
    expect(album).toMatchObject({ albumName: 'Holiday 2026', photosCount: 200 });
    // The window heard "Uploading n of 200", then "Watching" (and never a path).
    expect(main.changes.some((c) => c.folders[0]?.state === 'uploading')).toBe(true);
    expect(main.watched.snapshot().folders).toEqual([
      expect.objectContaining({ state: 'watching', target: 'album' }),
    ]);
    expect(JSON.stringify(main.changes)).not.toContain(dir);

    // A photo that appears later arrives, in the same album (made once).
    await writeFile(path.join(folder, 'day 2', 'later.png'), pngImage(5000));
    await vi.waitFor(async () => expect(await photosCount(user)).toBe(201), { timeout: 10_000 });
    await main.idle();
    // Renamed and moved inside the folder: nothing is sent again. Deleted: nothing goes online.
    await rename(path.join(folder, 'img-0.png'), path.join(folder, 'renamed.png'));
    await rename(path.join(folder, 'img-1.png'), path.join(folder, 'day 2', 'moved.png'));
    await unlink(path.join(folder, 'img-2.png'));
    await new Promise((resolve) => setTimeout(resolve, 800));
    await main.idle();
    expect(posts(main.stack)).toHaveLength(201);
    // Not even checked again: the queue got no new file.
    expect(main.queue.getSnapshot().totals.files).toBe(201);
    expect(await photosCount(user)).toBe(201);
    expect(await albums(user)).toEqual([expect.objectContaining({ photosCount: 201 })]);
    // The same folder again is not a second watch.
    expect(await main.watched.add('library')).toMatchObject({ status: 'exists' });
    await main.watched.close();
  }, 120_000);

  it('waits for a file still being written and uploads it once, complete; one album per subfolder', async () => {
    const user = await signInAs('friend@example.com');
    const folder = path.join(dir, 'Camera');
    await mkdir(path.join(folder, 'Birthday'), { recursive: true });
    const main = mainProcess(path.join(dir, 'ud-slow'), folder, { current: user });
    await main.watched.start();
    await main.watched.add('album-per-subfolder' satisfies WatchTarget);
    await main.idle();

    // Written in four parts, 150 ms apart (the watch waits for 300 ms without change).
    const bytes = pngImage(77, 16, 12, 64 * 1024);
    const slow = path.join(folder, 'Birthday', 'slow.png');
    const part = Math.ceil(bytes.length / 4);
    for (let at = 0; at < bytes.length; at += part) {
      await appendFile(slow, bytes.subarray(at, at + part));
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await writeFile(path.join(folder, 'top.png'), pngImage(78));
    await vi.waitFor(async () => expect(await photosCount(user)).toBe(2), { timeout: 10_000 });
    await main.idle();
    expect(posts(main.stack)).toHaveLength(2);
    expect(main.queue.getSnapshot().files).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'slow.png', status: 'done', size: bytes.length }),
      ]),
    );
    const byName = Object.fromEntries((await albums(user)).map((a) => [a.albumName, a]));
    expect(byName).toMatchObject({
      Birthday: { photosCount: 1 },
      Camera: { photosCount: 1 },
    });
    await main.watched.close();
  }, 60_000);

  it('says "Folder not found" when the folder is gone and goes on when it is back; another account does not see it', async () => {
    const user = await signInAs('business@example.com');
    const folder = path.join(dir, 'USB stick');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'a.png'), pngImage(300));
    const account: { current: User | null } = { current: user };
    const main = mainProcess(path.join(dir, 'ud-usb'), folder, account);
    await main.watched.start();
    await main.watched.add('library');
    await main.idle();
    expect(await photosCount(user)).toBe(1);

    // Unplugged (renamed away): the periodic check says so.
    await rename(folder, `${folder} (away)`);
    await main.watched.check();
    expect(main.watched.snapshot().folders).toEqual([
      expect.objectContaining({ name: 'USB stick', state: 'missing' }),
    ]);
    await writeFile(path.join(`${folder} (away)`, 'b.png'), pngImage(301));
    await rename(`${folder} (away)`, folder);
    await main.watched.check();
    await main.idle();
    expect(main.watched.snapshot().folders[0]?.state).toBe('watching');
    expect(await photosCount(user)).toBe(2);

    // Paused: nothing new is taken; resumed: what appeared meanwhile is.
    const [watch] = main.watched.snapshot().folders;
    await main.watched.pause(watch!.id);
    expect(main.watched.snapshot().folders[0]?.state).toBe('paused');
    await writeFile(path.join(folder, 'c.png'), pngImage(302));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await photosCount(user)).toBe(2);
    await main.watched.resume(watch!.id);
    await main.idle();
    expect(await photosCount(user)).toBe(3);

    // Another user signs in on this computer: the watch is neither listed nor run for them.
    const other = await signInAs('demo@example.com');
    const othersBefore = await photosCount(other);
    account.current = other;
    expect((await main.watched.list()).folders).toEqual([]);
    await expect(main.watched.pause(watch!.id)).rejects.toThrow('No such watched folder');
    await writeFile(path.join(folder, 'd.png'), pngImage(303));
    await new Promise((resolve) => setTimeout(resolve, 600));
    await main.idle();
    expect(await photosCount(other)).toBe(othersBefore);
    // Signed out, then the owner again: the watch is back and catches up.
    account.current = null;
    expect(await main.watched.list()).toMatchObject({ signedIn: false, folders: [] });
    account.current = user;
    expect((await main.watched.list()).folders).toHaveLength(1);
    await main.idle();
    expect(await photosCount(user)).toBe(4);
    // Stopped: nothing online is deleted, nothing more is sent.
    await main.watched.remove(watch!.id);
    await writeFile(path.join(folder, 'e.png'), pngImage(304));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await photosCount(user)).toBe(4);
    expect(main.watched.snapshot().folders).toEqual([]);
    await main.watched.close();
  }, 60_000);

  it('Pause holds the files of the folder already queued and says how far it got; Resume sends them, each once', async () => {
    const user = await signInAs('demo@example.com');
    const before = await photosCount(user);
    const folder = path.join(dir, 'Held');
    await mkdir(folder, { recursive: true });
    for (let i = 0; i < 24; i += 1)
      await writeFile(path.join(folder, `held-${i}.png`), pngImage(7000 + i));
    // Each request waits, so most of the folder is still queued when Pause comes.
    const stack = countingHttpStack({ delayMs: 150 });
    const main = mainProcess(path.join(dir, 'ud-held'), folder, { current: user }, { stack });
    await main.watched.start();
    await main.watched.add('library');
    await vi.waitFor(() => expect(posts(stack).length).toBeGreaterThan(0), { timeout: 20_000 });
    const [watch] = main.watched.snapshot().folders;
    // Counted at the moment the queue holds the folder (not after a wait): the files whose
    // upload had begun (one POST each) and those already finished.
    let atHold: { posts: number; settled: number } | null = null;
    const off = main.queue.subscribe(() => {
      const { totals } = main.queue.getSnapshot();
      if (atHold === null && totals.held > 0)
        atHold = { posts: posts(stack).length, settled: totals.done + totals.duplicate };
    });
    await main.watched.pause(watch!.id);
    off();
    await main.queue.idle();
    const hold = atHold as { posts: number; settled: number } | null;
    expect(hold).not.toBeNull();

    const paused = main.watched.snapshot().folders[0]!;
    expect(paused).toMatchObject({ state: 'paused', total: 24 });
    expect(paused.settled).toBeLessThan(24);
    // Nothing of the folder starts after Pause: no file begins an upload once held, a check of
    // the folder and the queue's next round included.
    await main.watched.check();
    await main.watched.settled();
    await main.queue.idle();
    expect(posts(stack)).toHaveLength(hold!.posts);
    // A photo whose bytes were on the wire when Pause came may still be finished by the server
    // (at most one per upload slot, docs/desktop.md): at most those in flight at the hold land.
    const inFlight = hold!.posts - hold!.settled;
    expect(inFlight).toBeLessThanOrEqual(UPLOAD_CONCURRENCY);
    const photosWhenPaused = await photosCount(user);
    expect(photosWhenPaused - before).toBeLessThanOrEqual(hold!.settled + inFlight);
    expect(photosWhenPaused - before).toBeLessThan(24);
    // The model says they are held, not waiting to be sent (the uploads panel tells them apart).
    const held = main.queue.getSnapshot();
    expect(held.totals).toMatchObject({ held: 24 - paused.settled, waiting: 0 });
    expect(held.files.filter((file) => file.status === 'held')).toHaveLength(24 - paused.settled);

    await main.watched.resume(watch!.id);
    await main.idle();
    expect(await photosCount(user)).toBe(before + 24);
    expect(main.queue.getSnapshot().totals.failed).toBe(0);
    expect(main.watched.snapshot().folders[0]?.state).toBe('watching');
    await main.watched.close();
  }, 60_000);

  it('continues after the app was killed mid-upload: the watch and the queue resume, nothing sent twice', async () => {
    // The user of the slow-file test: two photos so far.
    const user = await signInAs('friend@example.com');
    const before = await photosCount(user);
    const folder = path.join(dir, 'Killed');
    await mkdir(folder, { recursive: true });
    const count = 30;
    for (let i = 0; i < count; i += 1)
      await writeFile(path.join(folder, `k-${i}.png`), pngImage(600 + i, 16, 12, 48 * 1024));
    const userDataDir = path.join(dir, 'ud-killed');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '../../testing/watch-child.ts')],
      {
        env: {
          ...process.env,
          WATCH_CHILD: JSON.stringify({
            userDataDir,
            folder,
            serverOrigin: server.origin,
            token: user.token,
            accountId: user.accountId,
            chunkSize: 16 * 1024,
            delayMs: 30,
          }),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const deadline = Date.now() + 60_000;
    while ((await photosCount(user)) < before + 8) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGKILL');
    await exited;
    const storedAtKill = (await photosCount(user)) - before;
    expect(storedAtKill).toBeLessThan(count);
    const kept = JSON.parse(await readFile(path.join(userDataDir, 'watched-folders.json'), 'utf8'));
    expect(kept.watches).toHaveLength(1);

    // The next start: the same userData, a new process (here: this one).
    await writeFile(path.join(folder, 'while-closed.png'), pngImage(700));
    const main = mainProcess(userDataDir, folder, { current: user });
    await main.watched.start();
    await main.idle();
    expect(main.watched.snapshot().folders).toEqual([
      expect.objectContaining({ name: 'Killed', state: 'watching' }),
    ]);
    expect(await photosCount(user)).toBe(before + count + 1);
    // Only what the server did not have yet was created again (one upload per remaining file).
    expect(posts(main.stack).length).toBeLessThanOrEqual(count + 1 - storedAtKill);
    await main.watched.close();
  }, 120_000);

  it('Pause while the folder is still being scanned: nothing of it is taken or sent, the row says Paused; Resume sends each file once', async () => {
    const user = await signInAs('business@example.com');
    const before = await photosCount(user);
    const folder = path.join(dir, 'Scanning');
    await mkdir(folder, { recursive: true });
    for (let i = 0; i < 20; i += 1)
      await writeFile(path.join(folder, `s-${i}.png`), pngImage(8000 + i));
    const main = mainProcess(path.join(dir, 'ud-scanning'), folder, { current: user });
    await main.watched.start();
    await main.watched.add('library');
    // Its files are found but not stable yet ("Watching"), and a check of the folder is under
    // way (it is looking at the folder, as the periodic one does) when Pause comes.
    const [watch] = main.watched.snapshot().folders;
    expect(watch).toMatchObject({ state: 'watching', total: 0 });
    const checking = main.watched.check();
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    await main.watched.pause(watch!.id);
    await checking;
    // Long enough for a watch started again to find the files stable and queue them (the next
    // check would stop it again: 5 s in the app).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await main.watched.settled();
    await main.queue.idle();

    // The check did not start the folder again: nothing was taken, nothing sent.
    expect(main.watched.snapshot().folders[0]).toMatchObject({ state: 'paused', total: 0 });
    expect(main.queue.getSnapshot().totals.files).toBe(0);
    expect(posts(main.stack)).toHaveLength(0);
    expect(await photosCount(user)).toBe(before);

    await main.watched.resume(watch!.id);
    await main.idle();
    expect(await photosCount(user)).toBe(before + 20);
    expect(posts(main.stack)).toHaveLength(20);
    expect(main.watched.snapshot().folders[0]?.state).toBe('watching');
    await main.watched.close();
  }, 60_000);

  it('Pause while found files are on their way to the queue: they are queued held, the row says Paused at 0 of n; Resume sends each once', async () => {
    const user = await signInAs('friend@example.com');
    const before = await photosCount(user);
    const folder = path.join(dir, 'On their way');
    await mkdir(folder, { recursive: true });
    for (let i = 0; i < 12; i += 1)
      await writeFile(path.join(folder, `w-${i}.png`), pngImage(8100 + i));
    // The folder's album is being made (the files are stable and waiting for it) when Pause comes.
    let asked!: () => void;
    const albumAsked = new Promise<void>((resolve) => (asked = resolve));
    let answer!: () => void;
    const albumMay = new Promise<void>((resolve) => (answer = resolve));
    const main = mainProcess(
      path.join(dir, 'ud-on-their-way'),
      folder,
      { current: user },
      {
        wrapAlbums: (client) => ({
          ...client,
          create: async (name) => {
            asked();
            await albumMay;
            return client.create(name);
          },
        }),
      },
    );
    await main.watched.start();
    await main.watched.add('album');
    await albumAsked;
    const [watch] = main.watched.snapshot().folders;
    await main.watched.pause(watch!.id);
    answer();
    await main.watched.settled();
    await main.queue.idle();

    // Queued after Pause, held with the folder: none sent, and the row says how far it got.
    expect(main.watched.snapshot().folders[0]).toMatchObject({
      state: 'paused',
      settled: 0,
      total: 12,
    });
    expect(main.queue.getSnapshot().totals).toMatchObject({ files: 12, held: 12 });
    expect(posts(main.stack)).toHaveLength(0);
    expect(await photosCount(user)).toBe(before);

    await main.watched.resume(watch!.id);
    await main.idle();
    expect(await photosCount(user)).toBe(before + 12);
    expect(posts(main.stack)).toHaveLength(12);
    expect(main.watched.snapshot().folders[0]?.state).toBe('watching');
    await main.watched.close();
  }, 60_000);
  /** Where in the first second of a round Pause comes. */
  const moments = [
    { when: 'while the first files are being added to the queue', user: 'demo@example.com' },
    { when: 'as the queue answers the first files', user: 'friend@example.com' },
    { when: 'while a later batch is being added to the queue', user: 'business@example.com' },
    { when: 'once the first upload is on the wire', user: 'demo@example.com' },
  ] as const;
  for (const [index, { when, user: email }] of moments.entries())
    it(`Pause ${when}, 150 photos arriving in batches: nothing of the folder starts after it, every unsent file is held, the window hears Paused; Resume sends the rest, each once`, async () => {
      const user = await signInAs(email);
      const before = await photosCount(user);
      const folder = path.join(dir, `Early ${index}`);
      await mkdir(folder, { recursive: true });
      const write = async (from: number, to: number) => {
        for (let i = from; i < to; i += 1)
          await writeFile(path.join(folder, `e-${i}.png`), pngImage(20_000 + index * 1000 + i));
      };
      await write(0, 50);
      const stack = countingHttpStack({ delayMs: 20 });
      let adds = 0;
      let pausing: Promise<void> | null = null;
      let pauseNow = () => {};
      const main = mainProcess(
        path.join(dir, `ud-early-${index}`),
        folder,
        { current: user },
        {
          stack,
          wrapQueue: (queue) => ({
            ...queue,
            add: async (files, albumId) => {
              adds += 1;
              if (when === 'while the first files are being added to the queue' && adds === 1)
                pauseNow();
              if (when === 'while a later batch is being added to the queue' && adds === 2)
                pauseNow();
              const ids = await queue.add(files, albumId);
              if (when === 'as the queue answers the first files' && adds === 1) pauseNow();
              return ids;
            },
          }),
        },
      );
      await main.watched.start();
      const startedAt = Date.now();
      await main.watched.add('library');
      const [watch] = main.watched.snapshot().folders;
      let postsAtPause = -1;
      pauseNow = () => {
        pausing ??= main.watched.pause(watch!.id).then(() => {
          postsAtPause = posts(stack).length;
        });
      };
      const off = main.queue.subscribe(() => {
        if (when === 'once the first upload is on the wire' && posts(stack).length > 0) pauseNow();
      });
      // The rest of the folder comes in two more batches (a camera import still copying), each
      // written once the one before is stable and on its way to the queue (300 + 100 ms).
      await new Promise((resolve) => setTimeout(resolve, 400));
      await write(50, 100);
      await new Promise((resolve) => setTimeout(resolve, 400));
      await write(100, 150);
      await vi.waitFor(() => expect(pausing).not.toBeNull(), { timeout: 20_000 });
      await pausing;
      off();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await main.watched.settled();
      await main.queue.idle();

      // Main: paused; no upload began after Pause; the folder's files in the queue not sent are
      // held, none is waiting to be sent.
      const paused = main.watched.snapshot().folders[0]!;
      expect(paused.state).toBe('paused');
      expect(posts(stack)).toHaveLength(postsAtPause);
      const { totals } = main.queue.getSnapshot();
      expect(totals).toMatchObject({ waiting: 0, checking: 0, uploading: 0, failed: 0 });
      expect(totals.held).toBe(totals.files - totals.done - totals.duplicate);
      expect(paused.total - paused.settled).toBe(totals.held);
      expect(await photosCount(user)).toBeLessThan(before + 150);
      // The window: the row says Paused, the uploads panel that they are held; and it was told
      // the queue's newest state at most every 100 ms (told at every change it fell seconds
      // behind and went on saying "Uploading" after Pause).
      expect(main.changes.at(-1)?.folders[0]).toMatchObject({ state: 'paused' });
      await vi.waitFor(() => expect(main.queueChanges.at(-1)?.totals).toEqual(totals));
      expect(main.queueChanges.length).toBeLessThanOrEqual(
        Math.floor((Date.now() - startedAt) / WINDOW_INTERVAL_MS) + 1,
      );

      await main.watched.resume(watch!.id);
      await main.idle();
      expect(await photosCount(user)).toBe(before + 150);
      expect(main.queue.getSnapshot().totals).toMatchObject({ files: 150, held: 0, failed: 0 });
      expect(main.watched.snapshot().folders[0]?.state).toBe('watching');
      await main.watched.close();
    }, 60_000);
});
