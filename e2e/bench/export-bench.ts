/**
 * `npm run bench:export`: "Export my library" of 2,000 photos over loopback, against a plain
 * parallel download of the same originals by their URLs, in the same run. Each side runs in a
 * process of its own (`desktop/testing/export-child.ts`), as the desktop app's main process
 * would, 4 downloads at a time, writing to disk. It prints, per round and as medians:
 *   - baseline MB/s (the originals by URL, nothing else) and export MB/s (change feed, checksum
 *     of every file, parts renamed into YYYY/MM, the journal), and their ratio (target ≥ 0.8),
 *   - the export process's CPU (per cent of one core, sampled every 250 ms: median and max) and
 *     resident memory (first, median and max sample: flat means streaming, not buffering).
 * The library is seeded in bulk: its rows share 20 stored originals, so the server reads them
 * from its page cache and the figures measure the client. The originals are real JPEGs of
 * BENCH_ORIGINAL_MB (3, a phone camera's; made by sharp once and kept in the system's temp
 * folder, `photo-bench-originals/`), so both sides move bytes rather than wait on requests;
 * BENCH_ORIGINAL_MB=0 takes the demo JPEGs of about 6 KB (request-bound: the export's own
 * requests then weigh). BENCH_PHOTOS (300 with MB originals, about 0.9 GB a side per round;
 * 2,000 with the small ones), BENCH_ROUNDS (3): about a minute and a half on 2 cores.
 * Not a test: it prints and exits 0, or 1 when the ratio target is missed (BENCH_STRICT=0: 0).
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedBulkPhotos } from '@photo/server/src/seed/bulk-photos.ts';
import { renderLargeJpeg } from '@photo/server/src/seed/photos-images.ts';
import { signIn } from '@photo/server/src/testing/sign-in.ts';
import { startTestServer } from '@photo/server/src/testing/test-server.ts';

const ORIGINAL_MB = Number(process.env.BENCH_ORIGINAL_MB ?? 3);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? (ORIGINAL_MB > 0 ? 300 : 2000));
const ORIGINALS = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const STRICT = process.env.BENCH_STRICT !== '0';
const MB = 1024 * 1024;
const child = fileURLToPath(new URL('../../desktop/testing/export-child.ts', import.meta.url));
const CLOCK_TICKS = 100;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** CPU ticks (user + system) and RSS (MB) of a process, from /proc (Linux). */
async function sample(pid: number): Promise<{ ticks: number; rssMb: number } | null> {
  try {
    const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { ticks: Number(stat[11]) + Number(stat[12]), rssMb: rss / 1024 };
  } catch {
    return null;
  }
}

async function bytesIn(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && !entry.name.startsWith('.photo-export'))
      total += (await stat(path.join(entry.parentPath, entry.name))).size;
  return total;
}

/** Runs the child until it prints `finished`; its CPU and memory sampled meanwhile. */
async function run(options: Record<string, unknown>) {
  const processHandle = spawn(process.execPath, ['--import', 'tsx', child], {
    env: { ...process.env, EXPORT_CHILD: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const cpu: number[] = [];
  const rss: number[] = [];
  let last: { ticks: number; at: number } | null = null;
  const sampler = setInterval(() => {
    void sample(processHandle.pid!).then((now) => {
      if (!now) return;
      const at = performance.now();
      if (last) cpu.push((100 * (now.ticks - last.ticks)) / CLOCK_TICKS / ((at - last.at) / 1000));
      last = { ticks: now.ticks, at };
      rss.push(now.rssMb);
    });
  }, 250);
  // The child times its work alone (its start, about a second of tsx, is not the export's).
  const workMs = await new Promise<number>((resolve, reject) => {
    processHandle.stdout.on('data', (data: Buffer) => {
      const match = /finished ([\d.]+)/.exec(data.toString());
      if (match) resolve(Number(match[1]));
    });
    processHandle.once('exit', (code) => reject(new Error(`the child exited with ${code}`)));
  });
  clearInterval(sampler);
  processHandle.kill('SIGKILL');
  return { seconds: workMs / 1000, cpu, rss };
}

/** The 20 originals of `ORIGINAL_MB`, made once and kept for the next runs. */
async function largeOriginals(): Promise<Buffer[] | undefined> {
  if (!(ORIGINAL_MB > 0)) return undefined;
  const cache = path.join(tmpdir(), 'photo-bench-originals', `${ORIGINAL_MB}mb`);
  await mkdir(cache, { recursive: true });
  const originals: Buffer[] = [];
  for (let i = 0; i < ORIGINALS; i += 1) {
    const file = path.join(cache, `${i}.jpg`);
    const kept = await readFile(file).catch(() => null);
    if (kept) {
      originals.push(kept);
      continue;
    }
    const made = await renderLargeJpeg(ORIGINAL_MB * MB);
    await writeFile(`${file}.tmp`, made);
    await rename(`${file}.tmp`, file);
    originals.push(made);
  }
  return originals;
}

const server = await startTestServer({ seed: 'users' });
try {
  const originals = await largeOriginals();
  await seedBulkPhotos(server.app.deps, { photos: PHOTOS, ...(originals ? { originals } : {}) });
  const session = await signIn(server.origin, 'demo@example.com', 'demo1234', {
    clientId: 'desktop',
  });
  const common = {
    photoApiUrl: `${server.origin}/api/photo`,
    token: session.accessToken,
    accountId: session.claims.sub,
    delayMs: 0,
  };
  const dir = await mkdtemp(path.join(tmpdir(), 'photo-export-bench-'));
  const results: { baseline: number; exported: number; ratio: number }[] = [];
  let cpuAll: number[] = [];
  let rssAll: number[] = [];
  const size = originals
    ? `originals of ${(originals.reduce((sum, b) => sum + b.length, 0) / originals.length / MB).toFixed(1)} MB (real JPEGs)`
    : 'the demo originals of a few KB (request-bound)';
  console.info(`bench:export: ${PHOTOS} photos, ${size}, ${ROUNDS} rounds, 4 downloads at a time`);
  for (let round = 1; round <= ROUNDS; round += 1) {
    const baseFolder = path.join(dir, `baseline-${round}`);
    const base = await run({ ...common, baseline: true, folder: baseFolder, configFile: '' });
    const bytes = await bytesIn(baseFolder);
    const exportFolder = path.join(dir, `export-${round}`);
    const exported = await run({
      ...common,
      folder: exportFolder,
      configFile: path.join(dir, `export-${round}.json`),
    });
    const exportBytes = await bytesIn(exportFolder);
    if (exportBytes !== bytes) throw new Error(`exported ${exportBytes} bytes, expected ${bytes}`);
    const baseMbs = bytes / MB / base.seconds;
    const exportMbs = bytes / MB / exported.seconds;
    results.push({ baseline: baseMbs, exported: exportMbs, ratio: exportMbs / baseMbs });
    cpuAll = cpuAll.concat(exported.cpu);
    rssAll = rssAll.concat(exported.rss);
    console.info(
      `round ${round}: ${(bytes / MB).toFixed(1)} MB; baseline ${baseMbs.toFixed(1)} MB/s (${base.seconds.toFixed(2)} s), export ${exportMbs.toFixed(1)} MB/s (${exported.seconds.toFixed(2)} s), ratio ${(exportMbs / baseMbs).toFixed(2)}; export process CPU median ${median(exported.cpu).toFixed(0)} % max ${Math.max(...exported.cpu).toFixed(0)} %, RSS first ${exported.rss[0]?.toFixed(0)} MB median ${median(exported.rss).toFixed(0)} MB max ${Math.max(...exported.rss).toFixed(0)} MB`,
    );
    await rm(baseFolder, { recursive: true, force: true });
    await rm(exportFolder, { recursive: true, force: true });
  }
  const ratio = median(results.map((r) => r.ratio));
  console.info(
    `median: baseline ${median(results.map((r) => r.baseline)).toFixed(1)} MB/s, export ${median(results.map((r) => r.exported)).toFixed(1)} MB/s, ratio ${ratio.toFixed(2)} (target ≥ 0.80); export CPU median ${median(cpuAll).toFixed(0)} % of a core, RSS median ${median(rssAll).toFixed(0)} MB, max ${Math.max(...rssAll).toFixed(0)} MB`,
  );
  await rm(dir, { recursive: true, force: true });
  if (STRICT && ratio < 0.8) process.exitCode = 1;
} finally {
  await server.close();
}
