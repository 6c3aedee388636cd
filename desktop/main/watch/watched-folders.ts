/**
 * Watched folders (docs/desktop.md "Watched folders"): every JPEG, PNG and HEIC in a folder the
 * user picked, and every one that appears there later, subfolders included, goes through the one
 * upload queue (upload-queue.ts: duplicate check before sending, resumable, kept across restarts).
 *
 * - Changes are heard with Node's recursive `fs.watch`; a full rescan runs when a watch starts,
 *   when its folder comes back and every few minutes, so a missed event only delays a file.
 * - A file is taken once its size and modification time stay the same over `stableMs` (a copy
 *   or a camera import still being written is waited for).
 * - A file is remembered by device, inode, size and modification time: renamed or moved inside
 *   the folder it is not sent again; a copy elsewhere is a duplicate the queue's checksum check
 *   catches without sending a byte. Deleting a local file deletes nothing online.
 * - Each folder is checked every `checkIntervalMs`: gone (an unplugged disk, renamed away) it is
 *   "Folder not found", and watched again when it is back.
 * - Watches belong to the account that made them; signed out nothing is watched, another account
 *   neither sees nor runs them.
 */
import { randomUUID } from 'node:crypto';
import { watch as fsWatch, type FSWatcher, type Stats } from 'node:fs';
import { opendir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { acceptedImageType } from '@photo/core/transfer/accepted-images';
import type {
  WatchAddResult,
  WatchedFolder,
  WatchedFoldersSnapshot,
  WatchTarget,
} from '../../common/ipc-contract';
import { imageTypeOfFile, type ShowOpenDialog } from '../files/image-picker';
import type { QueueFileInput, UploadQueue } from '../uploads/upload-queue';
import { albumNameOf, type AlbumClient } from './album-client';
import { MAX_KNOWN_FILES, MAX_WATCHES, type WatchRecord, type WatchStore } from './watch-store';

/** A file must keep its size and time this long before it is sent. */
export const STABLE_MS = 2_000;
/** How often each folder is checked for being there (and the account for being signed in). */
export const CHECK_INTERVAL_MS = 5_000;
/** How often a watched folder is walked in full, for events the system did not deliver. */
export const RESCAN_INTERVAL_MS = 5 * 60_000;

export class UnknownWatchError extends Error {
  override name = 'UnknownWatchError';
}

export interface WatchedFoldersDeps {
  store: WatchStore;
  queue: Pick<UploadQueue, 'add' | 'entry' | 'subscribe' | 'resume' | 'hold' | 'release'>;
  albums: AlbumClient;
  /** The signed-in user (`sub`); null when signed out. */
  getAccountId: () => Promise<string | null>;
  showOpenDialog: ShowOpenDialog;
  /** Hears every change of the signed-in user's watches (at most every 200 ms). */
  onChange?: (snapshot: WatchedFoldersSnapshot) => void;
  stableMs?: number;
  checkIntervalMs?: number;
  rescanIntervalMs?: number;
}

interface Runtime {
  record: WatchRecord;
  watcher: FSWatcher | null;
  /** Whether the folder was there at the last check; null before the first. */
  present: boolean | null;
  /** Queue ids handed over since the watch was last idle ("Uploading 12 of 40"). */
  round: Set<string>;
  /** Per path: the stability check waiting to run. */
  pending: Map<string, NodeJS.Timeout>;
  /** Files found stable and accepted, waiting to be added to the queue together. */
  ready: Map<string, { input: QueueFileInput; fingerprint: string; albumKey: string | null }>;
  flushing: Promise<void>;
  flushTimer: NodeJS.Timeout | null;
  lastScan: number;
  /** Albums whose existence was confirmed in this run. */
  checkedAlbums: Set<string>;
  /** Fingerprints of files that are no image we take (not read again until they change). */
  ignored: Set<string>;
  /** Paths being looked at (stat, type) right now, and the walk under way. */
  looking: number;
  scanning: Promise<void> | null;
}

const SETTLED = new Set(['done', 'duplicate', 'failed']);

/** Device, inode, size and time: stays the same across a rename or a move on the same disk. */
function fingerprintOf(info: Stats, filePath: string): string {
  // Some file systems report no inode: the path stands in (a rename then counts as new, and the
  // queue's checksum check makes it a duplicate).
  const where = info.ino ? `${info.dev}:${info.ino}` : filePath;
  return `${where}:${info.size}:${Math.trunc(info.mtimeMs)}`;
}

const isHidden = (relative: string) =>
  relative.split(path.sep).some((part) => part.startsWith('.'));

export function createWatchedFolders(deps: WatchedFoldersDeps) {
  const stableMs = deps.stableMs ?? STABLE_MS;
  const checkIntervalMs = deps.checkIntervalMs ?? CHECK_INTERVAL_MS;
  const rescanIntervalMs = deps.rescanIntervalMs ?? RESCAN_INTERVAL_MS;
  const runtimes = new Map<string, Runtime>();
  let account: string | null = null;
  let started: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let stopped = false;

  // ---- state ---------------------------------------------------------------------------------

  function save(): Promise<void> {
    return deps.store.save([...runtimes.values()].map((rt) => rt.record));
  }

  function folderOf(rt: Runtime): WatchedFolder {
    let settled = 0;
    for (const id of rt.round) {
      const entry = deps.queue.entry(id);
      if (!entry || SETTLED.has(entry.status)) settled += 1;
    }
    const total = rt.round.size;
    if (total > 0 && settled === total && rt.ready.size === 0) rt.round.clear();
    const state: WatchedFolder['state'] = rt.record.paused
      ? 'paused'
      : rt.present === false
        ? 'missing'
        : rt.round.size > 0
          ? 'uploading'
          : 'watching';
    return {
      id: rt.record.id,
      name: path.basename(rt.record.path) || rt.record.path,
      target: rt.record.target,
      state,
      settled: rt.round.size > 0 ? settled : 0,
      total: rt.round.size,
    };
  }

  let revision = 0;
  function snapshot(): WatchedFoldersSnapshot {
    revision += 1;
    return {
      revision,
      signedIn: account !== null,
      folders: [...runtimes.values()]
        .filter((rt) => account !== null && rt.record.accountId === account)
        .map(folderOf),
    };
  }

  /** What the window was last given (an event or an answer), without its revision. */
  let lastSent = '';
  const shown = (next: WatchedFoldersSnapshot) =>
    JSON.stringify({ signedIn: next.signedIn, folders: next.folders });
  /** A snapshot for the window: the newest it was given, so unchanged ones need not be sent. */
  function given(): WatchedFoldersSnapshot {
    const next = snapshot();
    lastSent = shown(next);
    return next;
  }
  let notifyTimer: NodeJS.Timeout | null = null;
  /** Tells the window, at most every 200 ms and only when something it shows changed. */
  function changed(): void {
    if (!deps.onChange || notifyTimer || stopped) return;
    notifyTimer = setTimeout(() => {
      notifyTimer = null;
      const next = snapshot();
      if (shown(next) === lastSent) return;
      lastSent = shown(next);
      deps.onChange?.(next);
    }, 200);
  }

  // ---- finding files -------------------------------------------------------------------------

  function albumKeyOf(rt: Runtime, filePath: string): string | null {
    if (rt.record.target === 'library') return null;
    if (rt.record.target === 'album') return '';
    const [first, ...rest] = path.relative(rt.record.path, filePath).split(path.sep);
    return rest.length > 0 && first ? first : '';
  }

  /** A path was seen (event or scan): checked once it has stayed the same for `stableMs`. */
  function consider(rt: Runtime, filePath: string): void {
    if (!rt.watcher || rt.pending.has(filePath)) return;
    const relative = path.relative(rt.record.path, filePath);
    if (!relative || relative.startsWith('..') || isHidden(relative)) return;
    rt.looking += 1;
    void stat(filePath)
      .then((first) => {
        if (!first.isFile() || !rt.watcher) return;
        if (rt.record.known[fingerprintOf(first, filePath)] !== undefined) return;
        if (rt.pending.has(filePath)) return;
        const check = setTimeout(() => {
          rt.pending.delete(filePath);
          rt.looking += 1;
          void settle(rt, filePath, first).finally(() => {
            rt.looking -= 1;
          });
        }, stableMs);
        rt.pending.set(filePath, check);
      })
      .catch(() => {})
      .finally(() => {
        rt.looking -= 1;
      });
  }

  async function settle(rt: Runtime, filePath: string, first: Stats): Promise<void> {
    const now = await stat(filePath).catch(() => null);
    if (!now?.isFile() || !rt.watcher) return;
    // Still being written: look again later.
    if (now.size !== first.size || now.mtimeMs !== first.mtimeMs || now.size === 0) {
      consider(rt, filePath);
      return;
    }
    const fingerprint = fingerprintOf(now, filePath);
    if (rt.record.known[fingerprint] !== undefined || rt.ignored.has(fingerprint)) return;
    if ([...rt.ready.values()].some((file) => file.fingerprint === fingerprint)) return;
    const name = path.basename(filePath);
    // The bytes say what the file is, whatever its name; core decides which types are taken.
    const sniffed = await imageTypeOfFile(filePath);
    const type = sniffed ? acceptedImageType({ name, type: sniffed }) : null;
    if (!type) {
      rt.ignored.add(fingerprint);
      return;
    }
    if (Object.keys(rt.record.known).length + rt.ready.size >= MAX_KNOWN_FILES) return;
    rt.ready.set(filePath, {
      input: { path: filePath, name, type },
      fingerprint,
      albumKey: albumKeyOf(rt, filePath),
    });
    rt.flushTimer ??= setTimeout(() => {
      rt.flushTimer = null;
      rt.flushing = rt.flushing.then(() => flush(rt));
    }, 100);
    changed();
  }

  /** The album files under `key` go to: the one this watch made, or a new one. */
  async function albumFor(rt: Runtime, key: string | null): Promise<string | null> {
    if (key === null) return null;
    const kept = rt.record.albums[key];
    if (kept && (rt.checkedAlbums.has(kept) || (await deps.albums.exists(kept)))) {
      rt.checkedAlbums.add(kept);
      return kept;
    }
    const folderName = path.basename(rt.record.path);
    const albumId = await deps.albums.create(albumNameOf(key || folderName, folderName));
    rt.record.albums[key] = albumId;
    rt.checkedAlbums.add(albumId);
    await save();
    return albumId;
  }

  /** Hands the ready files to the upload queue, one call per album. */
  async function flush(rt: Runtime): Promise<void> {
    const files = [...rt.ready.values()];
    rt.ready.clear();
    const byAlbum = new Map<string | null, typeof files>();
    for (const file of files)
      byAlbum.set(file.albumKey, [...(byAlbum.get(file.albumKey) ?? []), file]);
    for (const [key, group] of byAlbum) {
      if (!rt.watcher || !runtimes.has(rt.record.id)) return;
      try {
        const albumId = await albumFor(rt, key);
        const ids = await deps.queue.add(
          group.map((file) => file.input),
          albumId,
        );
        // Paused while these were on their way to the queue: held before anything else is
        // awaited, so the queue never gets to start one of them.
        if (rt.record.paused) await deps.queue.hold(ids);
        group.forEach((file, index) => {
          const id = ids[index];
          if (!id) return;
          rt.record.known[file.fingerprint] = id;
          rt.round.add(id);
        });
        await save();
      } catch (error) {
        // Signed out meanwhile, the server unreachable: the next scan finds these files again.
        console.error('Watched files could not be queued', error);
        rt.lastScan = 0;
      }
      changed();
    }
  }

  /** Walks the folder (no symbolic links, no hidden entries) and considers every file. */
  function scan(rt: Runtime): Promise<void> {
    rt.scanning ??= walkAll(rt).finally(() => {
      rt.scanning = null;
    });
    return rt.scanning;
  }

  async function walkAll(rt: Runtime): Promise<void> {
    rt.lastScan = Date.now();
    const walk = async (dir: string): Promise<void> => {
      let dirHandle;
      try {
        dirHandle = await opendir(dir);
      } catch {
        return; // unreadable folder: skip it, keep the rest
      }
      for await (const entry of dirHandle) {
        if (!rt.watcher) return;
        if (entry.name.startsWith('.')) continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.isFile()) consider(rt, full);
      }
    };
    await walk(rt.record.path);
  }

  // ---- running -------------------------------------------------------------------------------

  /** Whether `rt` should be watched now: its account signed in, not paused, not removed. */
  const isActive = (rt: Runtime) =>
    account !== null &&
    rt.record.accountId === account &&
    !rt.record.paused &&
    runtimes.get(rt.record.id) === rt;

  function startWatching(rt: Runtime): void {
    if (rt.watcher || !isActive(rt)) return;
    try {
      rt.watcher = fsWatch(
        rt.record.path,
        { recursive: true, encoding: 'utf8' },
        (_event, name) => {
          if (name) consider(rt, path.join(rt.record.path, name));
        },
      );
    } catch (error) {
      console.error('A folder could not be watched', error);
      return;
    }
    // The folder went away under the watcher: the next check says so and waits for it.
    rt.watcher.on('error', () => stopWatching(rt));
    void scan(rt);
  }

  function stopWatching(rt: Runtime): void {
    rt.watcher?.close();
    rt.watcher = null;
    for (const pending of rt.pending.values()) clearTimeout(pending);
    rt.pending.clear();
  }

  async function isFolder(folder: string): Promise<boolean> {
    return (await stat(folder).catch(() => null))?.isDirectory() ?? false;
  }

  /** Brings every watch in line with who is signed in, whether it is paused and its folder. */
  async function tick(): Promise<void> {
    account = await deps.getAccountId().catch(() => null);
    for (const rt of runtimes.values()) {
      if (!isActive(rt)) {
        stopWatching(rt);
        continue;
      }
      const present = await isFolder(rt.record.path);
      rt.present = present;
      // Paused (or removed) while the folder was being looked at: it stays stopped. Started
      // again here, it would take the folder's files after Pause.
      if (!present || !isActive(rt)) {
        stopWatching(rt);
        continue;
      }
      if (!rt.watcher) startWatching(rt);
      else if (Date.now() - rt.lastScan >= rescanIntervalMs) void scan(rt);
    }
    changed();
  }

  function runTick(): Promise<void> {
    ticking ??= tick().finally(() => {
      ticking = null;
    });
    return ticking;
  }

  function runtimeOf(record: WatchRecord): Runtime {
    return {
      record,
      watcher: null,
      present: null,
      round: new Set(),
      pending: new Map(),
      ready: new Map(),
      flushing: Promise.resolve(),
      flushTimer: null,
      lastScan: 0,
      checkedAlbums: new Set(),
      ignored: new Set(),
      looking: 0,
      scanning: null,
    };
  }

  /** Loads the kept watches and the queue, then checks them every `checkIntervalMs`. */
  function start(): Promise<void> {
    started ??= (async () => {
      // The queue's own file says which handed-over files are still on their way.
      await deps.queue.resume();
      for (const record of await deps.store.load()) {
        const rt = runtimeOf(record);
        for (const id of Object.values(record.known)) {
          const entry = deps.queue.entry(id);
          if (entry && !SETTLED.has(entry.status)) rt.round.add(id);
        }
        runtimes.set(record.id, rt);
      }
      deps.queue.subscribe(changed);
      await runTick();
      timer = setInterval(() => void runTick(), checkIntervalMs);
      timer.unref();
    })();
    return started;
  }

  /** The folder's files in the queue that are not sent yet. */
  function unsent(rt: Runtime): string[] {
    return Object.values(rt.record.known).filter((id) => {
      const entry = deps.queue.entry(id);
      return entry !== null && !SETTLED.has(entry.status);
    });
  }

  function own(watchId: string): Runtime {
    const rt = runtimes.get(watchId);
    if (!rt || account === null || rt.record.accountId !== account)
      throw new UnknownWatchError('No such watched folder');
    return rt;
  }

  return {
    start,

    async list(): Promise<WatchedFoldersSnapshot> {
      await start();
      await runTick();
      return given();
    },

    /** Main's folder dialog, then the watch; the renderer only says where photos go. */
    async add(target: WatchTarget): Promise<WatchAddResult> {
      await start();
      await runTick();
      if (account === null) throw new Error('Not signed in');
      const accountId = account;
      const picked = await deps.showOpenDialog({ properties: ['openDirectory'] });
      const [chosen] = picked.filePaths;
      if (picked.canceled || !chosen) return { status: 'cancelled' };
      const folder = await realpath(chosen).catch(() => null);
      if (!folder || !(await isFolder(folder))) return { status: 'cancelled' };
      const mine = [...runtimes.values()].filter((rt) => rt.record.accountId === accountId);
      // The same folder, or one inside a watched one, is watched already.
      const around = mine.find(
        (rt) => folder === rt.record.path || folder.startsWith(rt.record.path + path.sep),
      );
      if (around) return { status: 'exists', folder: folderOf(around) };
      if (mine.length >= MAX_WATCHES)
        throw new RangeError(`At most ${MAX_WATCHES} folders can be watched`);
      const rt = runtimeOf({
        id: randomUUID(),
        path: folder,
        accountId,
        target,
        paused: false,
        albums: {},
        known: {},
      });
      runtimes.set(rt.record.id, rt);
      await save();
      await runTick();
      return { status: 'added', folder: folderOf(rt) };
    },

    /**
     * Stops taking new files and holds the folder's files already queued (one under way stops and
     * keeps its partial upload): nothing of the folder is sent until Resume.
     */
    async pause(watchId: string): Promise<void> {
      await start();
      const rt = own(watchId);
      rt.record.paused = true;
      stopWatching(rt);
      // Held at once, before anything else is awaited: a file not yet started now is not started.
      await deps.queue.hold(unsent(rt));
      await save();
      changed();
    },

    /** Sends the held files again and takes new ones, those that appeared while paused too. */
    async resume(watchId: string): Promise<void> {
      await start();
      const rt = own(watchId);
      rt.record.paused = false;
      await save();
      await deps.queue.release(unsent(rt));
      await runTick();
    },

    /** Forgets the watch; nothing online is deleted, files already queued are still sent. */
    async remove(watchId: string): Promise<void> {
      await start();
      const rt = own(watchId);
      stopWatching(rt);
      if (rt.flushTimer) clearTimeout(rt.flushTimer);
      runtimes.delete(watchId);
      await save();
      await deps.queue.release(unsent(rt));
      changed();
    },

    snapshot,
    /** Checks folders and the account now (tests; the timer does it every few seconds). */
    check: runTick,
    /** Resolves once every file seen so far is queued (tests). */
    async settled(): Promise<void> {
      for (;;) {
        await runTick();
        const busy = [...runtimes.values()].some(
          (rt) =>
            rt.scanning !== null ||
            rt.looking > 0 ||
            rt.pending.size > 0 ||
            rt.ready.size > 0 ||
            rt.flushTimer !== null,
        );
        if (!busy) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await Promise.all([...runtimes.values()].map((rt) => rt.flushing));
    },
    /** Stops every watcher and timer (quitting; tests). */
    async close(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      if (notifyTimer) clearTimeout(notifyTimer);
      for (const rt of runtimes.values()) {
        stopWatching(rt);
        if (rt.flushTimer) clearTimeout(rt.flushTimer);
      }
      await Promise.all([...runtimes.values()].map((rt) => rt.flushing));
      await deps.store.flush();
    },
  };
}

export type WatchedFolders = ReturnType<typeof createWatchedFolders>;
