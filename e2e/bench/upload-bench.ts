/**
 * `npm run bench:upload`: uploads of 300 generated JPEGs of about 3 MB each to the local server
 * through the product's upload engine (core/src/transfer, the code the desktop app's main
 * process runs) under Node, next to a baseline of the same bytes POSTed raw to a plain
 * streaming endpoint of the same server (`UPLOAD_BENCH_SINK`: to disk and dropped), with the
 * same concurrency (4), in one run. It prints, per round and as medians:
 *   - the checksum step alone (incremental SHA-256, one file after another) in MB/s: Node's own
 *     (`nodeSha256`, what the desktop main process and the engine here use) and hash-wasm on the
 *     JavaScript thread (the engine's default, what a browser's worker runs), for comparison,
 *   - baseline MB/s and engine MB/s (hash, duplicate check, tus and the server's header check of
 *     every photo, until the last upload is answered), and their ratio,
 *   - ingest MB/s: the same bytes until the server has also made every thumbnail of the round
 *     (they follow the answers from a background queue), so the speed-up hides no work,
 *   - the thumbnail baseline: the same three thumbnails of the same files made by sharp alone
 *     in a plain script in its own process (`upload-bench-thumbnails.ts`), at the server's
 *     background decode parallelism and sharp thread setting, in photos/s, and the photos/s
 *     until the server's last thumbnail against it,
 *   - the server's peak RSS (VmHWM of its process) after the baseline and after the ingest,
 *   - the CPU seconds of the server and the engine per round.
 * Targets: photos/s until the last thumbnail ≥ 0.7 × the thumbnail baseline; engine ≥ 0.8 ×
 * the raw POST; server peak RSS < 400 MB. Not a test: it prints and exits 0, or 1 when a target
 * is missed (BENCH_STRICT=0 to always exit 0).
 *
 * BENCH_FILES (300), BENCH_ROUNDS (3), BENCH_CONCURRENCY (4). BENCH_CPU_PROF=<folder> starts
 * the server with `--cpu-prof` into that folder (a profile per run, for Chrome's DevTools).
 * For A/B runs: BENCH_HTTP_STACK=tus (tus-js-client's own Node stack instead of the desktop
 * app's), BENCH_ENGINE_CONCURRENCY (the engine's files at once, the raw POST's staying at
 * BENCH_CONCURRENCY), BENCH_SEMI_SPACE_MB (the server's V8 semi-space, 2 as in production).
 * Generated files are kept in the system's temp folder and reused by the next run.
 */
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { signIn } from '@photo/server/src/testing/sign-in.ts';
import { serverThumbnailSettings } from '@photo/server/src/testing/image-bench.ts';
import { sha256OfSource } from '@photo/core/transfer/checksum';
import { nodeSha256 } from '@photo/desktop/main/uploads/node-checksum.ts';
import { nodeFileSource } from '@photo/desktop/main/uploads/node-file-source.ts';
import { createUploadHttpStack } from '@photo/desktop/main/uploads/http-stack.ts';
import { DefaultHttpStack } from 'tus-js-client';
import { UploadEngine } from '@photo/core/transfer/upload-engine';
import type { UploadSource } from '@photo/core/transfer/upload-source';

const FILES = Number(process.env.BENCH_FILES ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
/** The engine's files at once, when it should differ from the raw POST's (an A/B). */
const ENGINE_CONCURRENCY = Number(process.env.BENCH_ENGINE_CONCURRENCY ?? CONCURRENCY);
const STRICT = process.env.BENCH_STRICT !== '0';
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** The server's V8 semi-space in MB: 2 as `npm start -w server` runs it; another for an A/B. */
const SEMI_SPACE_MB = Number(process.env.BENCH_SEMI_SPACE_MB ?? 2);
/** `tus`: tus-js-client's own Node stack instead of the desktop app's, for an A/B. */
const HTTP_STACK = process.env.BENCH_HTTP_STACK === 'tus' ? 'tus' : 'desktop';
/** The server's background thumbnail decodes at once: the thumbnail baseline's parallelism. */
const { decodesAtOnce: DECODE_PARALLEL, allocatorEnv: ALLOCATOR_ENV } = serverThumbnailSettings();
const MB = 1024 * 1024;
const cacheDir = path.join(tmpdir(), 'photo-upload-bench-v1');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** 300 JPEGs of about 3 MB, each its own noise (so no two are duplicates); kept for next time. */
async function generateFiles(): Promise<string[]> {
  await mkdir(cacheDir, { recursive: true });
  const names = Array.from(
    { length: FILES },
    (_, index) => `bench-${String(index).padStart(4, '0')}.jpg`,
  );
  const existing = new Set(await readdir(cacheDir));
  const missing = names.filter((name) => !existing.has(name));
  if (missing.length > 0) console.info(`generating ${missing.length} JPEGs of about 3 MB…`);
  let next = 0;
  const worker = async () => {
    for (let name = missing[next++]; name; name = missing[next++]) {
      await sharp({
        create: {
          width: 2000,
          height: 1500,
          channels: 3,
          background: '#888888',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .jpeg({ quality: 95 })
        .toFile(path.join(cacheDir, name));
    }
  };
  await Promise.all([worker(), worker()]);
  return names.map((name) => path.join(cacheDir, name));
}

/** The files as the desktop app's main process reads them (`nodeFileSource`). */
async function sourcesOf(files: string[]): Promise<UploadSource[]> {
  return Promise.all(
    files.map(async (file) => {
      const { size, mtimeMs } = await stat(file);
      return nodeFileSource(file, { name: path.basename(file), type: 'image/jpeg', size, mtimeMs });
    }),
  );
}

interface ServerProcess {
  origin: string;
  pid: number;
  /** Resolves once the server has made every queued thumbnail. */
  thumbnailsIdle(): Promise<void>;
  /** Holds queued thumbnails back (`true`) or lets them run again (`false`). */
  holdThumbnails(hold: boolean): Promise<void>;
  stop(): Promise<void>;
}

async function startServer(): Promise<ServerProcess> {
  const script = fileURLToPath(new URL('./upload-bench-server.ts', import.meta.url));
  // As `npm start -w server` runs the server: a young generation of 2 × 2 MB (V8's default
  // grows to 3 × 16 MB under streaming load), huge image buffers handed back to the system,
  // two allocator arenas.
  const profile = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : [];
  const child = spawn(
    process.execPath,
    [`--max-semi-space-size=${SEMI_SPACE_MB}`, ...profile, '--import', 'tsx', script],
    {
      env: { ...process.env, UPLOAD_BENCH_SINK: '1', ...ALLOCATOR_ENV, LOG_LEVEL: 'warn' },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const origin = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const ready = /READY (\S+)/.exec(buffer);
      if (ready) resolve(ready[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
  });
  const ask = (command: string, answer: string) =>
    new Promise<void>((resolve) => {
      const onData = (chunk: Buffer) => {
        if (!chunk.toString().includes(answer)) return;
        child.stdout.off('data', onData);
        resolve();
      };
      child.stdout.on('data', onData);
      child.stdin.write(`${command}\n`);
    });
  return {
    origin,
    pid: child.pid!,
    thumbnailsIdle: () => ask('idle', 'IDLE'),
    holdThumbnails: (hold) => (hold ? ask('hold', 'HELD') : ask('release', 'RELEASED')),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The process's peak resident memory so far (VmHWM), in MB. */
async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** CPU seconds the process has used so far (user + system; clock ticks of 1/100 s). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const ownCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

interface Cpu {
  server: number;
  bench: number;
}

/** CPU seconds of the server and of this process so far, or since `since`. */
async function cpuOf(pid: number, since?: Cpu): Promise<Cpu> {
  const now = { server: await cpuSeconds(pid), bench: ownCpuSeconds() };
  return since ? { server: now.server - since.server, bench: now.bench - since.bench } : now;
}

async function pool<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let index = next++; index < items.length; index = next++) await run(items[index]!);
    }),
  );
}

async function baseline(origin: string, token: string, files: string[]): Promise<number> {
  const started = performance.now();
  await pool(files, async (file) => {
    const response = await fetch(`${origin}/api/storage/bench-sink`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/octet-stream',
        'content-length': String((await stat(file)).size),
      },
      body: Readable.toWeb(createReadStream(file)) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    if (!response.ok) throw new Error(`the sink answered ${response.status}`);
    await response.arrayBuffer();
  });
  return performance.now() - started;
}

/**
 * Milliseconds until every upload was answered, and until every thumbnail was made too (0 with
 * `held`: the thumbnails wait, so the uploads have the cores to themselves).
 */
async function engineRun(
  server: ServerProcess,
  token: string,
  files: string[],
  held = false,
  cpuSince?: Cpu,
): Promise<{ answered: number; ingested: number; cpuAnswered?: Cpu }> {
  const { origin } = server;
  const engine = new UploadEngine({
    storageUrl: `${origin}/api/storage`,
    getAccessToken: async () => token,
    accountId: 'bench',
    concurrency: ENGINE_CONCURRENCY,
    // As the desktop app's main process runs it: Node's own SHA-256 and its HTTP stack.
    checksum: nodeSha256,
    httpStack: HTTP_STACK === 'tus' ? new DefaultHttpStack({}) : createUploadHttpStack(),
  });
  engine.add(await sourcesOf(files));
  if (held) await server.holdThumbnails(true);
  const started = performance.now();
  const result = await engine.start();
  const answered = performance.now() - started;
  const cpuAnswered = cpuSince ? await cpuOf(server.pid, cpuSince) : undefined;
  if (held) await server.holdThumbnails(false);
  await server.thumbnailsIdle();
  const ingested = held ? 0 : performance.now() - started;
  const failed = result.files.filter((item) => item.status !== 'done');
  if (failed.length > 0)
    throw new Error(
      `${failed.length} uploads did not finish: ${failed
        .slice(0, 3)
        .map((item) => `${item.source.name} ${item.status} ${item.failure?.message ?? ''}`)
        .join('; ')}`,
    );
  return { answered, ingested, ...(cpuAnswered ? { cpuAnswered } : {}) };
}

/**
 * The thumbnail baseline (`upload-bench-thumbnails.ts`) in a process of its own, with the
 * server's allocator environment (sharp picks its thread count from it): milliseconds and
 * sharp's threads.
 */
async function thumbnailBaseline(files: string[]): Promise<{ ms: number; sharpThreads: number }> {
  const script = fileURLToPath(new URL('./upload-bench-thumbnails.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...ALLOCATOR_ENV },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.stdin.end(JSON.stringify({ files, parallel: DECODE_PARALLEL }));
  const code = await exited;
  if (code !== 0) throw new Error(`the thumbnail baseline stopped (${code})`);
  return JSON.parse(output) as { ms: number; sharpThreads: number };
}

/**
 * Deletes every photo for good between rounds: into Recently deleted, then emptied, so the next
 * round stores and renders every file again.
 */
async function deleteAll(origin: string, token: string): Promise<void> {
  for (const path of ['/photos/all', '/photos/trash/all']) {
    const response = await fetch(`${origin}/api/photo${path}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`DELETE ${path} answered ${response.status}`);
  }
}

const files = await generateFiles();
const totalBytes = (await Promise.all(files.map((file) => stat(file)))).reduce(
  (sum, info) => sum + info.size,
  0,
);
const totalMb = totalBytes / MB;
console.info(
  `${files.length} JPEGs, ${totalMb.toFixed(0)} MB (${(totalMb / files.length).toFixed(2)} MB each)`,
);

const server = await startServer();
try {
  const { accessToken } = await signIn(server.origin, 'demo@example.com', 'demo1234');
  const rounds: {
    checksum: number;
    checksumWasm: number;
    baseline: number;
    engine: number;
    engineHeld: number;
    ingest: number;
    thumbnailBaseline: number;
    photosIngest: number;
    sharpThreads: number;
    rssBaseline: number;
    rssEngine: number;
    cpuServer: number;
    cpuBench: number;
    cpuRawServer: number;
    cpuRawBench: number;
    cpuHeldServer: number;
    cpuHeldBench: number;
  }[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const sources = await sourcesOf(files);
    const hashStarted = performance.now();
    for (const source of sources) await nodeSha256(source);
    const checksum = totalMb / ((performance.now() - hashStarted) / 1000);
    // The browser's way (hash-wasm, here on the one JavaScript thread), for comparison.
    const wasmStarted = performance.now();
    for (const source of await sourcesOf(files)) await sha256OfSource(source);
    const checksumWasm = totalMb / ((performance.now() - wasmStarted) / 1000);

    const cpuBaseline = await cpuOf(server.pid);
    const baselineMs = await baseline(server.origin, accessToken, files);
    const cpuRaw = await cpuOf(server.pid, cpuBaseline);
    const rssBaseline = await peakRssMb(server.pid);
    const thumbnails = await thumbnailBaseline(files);
    // The engine alone: what it reaches when the thumbnails do not share the cores.
    const cpuHeldBefore = await cpuOf(server.pid);
    const heldMs = await engineRun(server, accessToken, files, true, cpuHeldBefore);
    const cpuHeld = heldMs.cpuAnswered!;
    await deleteAll(server.origin, accessToken);
    const cpuBefore = await cpuOf(server.pid);
    const engineMs = await engineRun(server, accessToken, files);
    const rssEngine = await peakRssMb(server.pid);
    const cpu = await cpuOf(server.pid, cpuBefore);
    await deleteAll(server.origin, accessToken);
    const entry = {
      checksum,
      checksumWasm,
      baseline: totalMb / (baselineMs / 1000),
      engine: totalMb / (engineMs.answered / 1000),
      engineHeld: totalMb / (heldMs.answered / 1000),
      ingest: totalMb / (engineMs.ingested / 1000),
      thumbnailBaseline: files.length / (thumbnails.ms / 1000),
      photosIngest: files.length / (engineMs.ingested / 1000),
      sharpThreads: thumbnails.sharpThreads,
      rssBaseline,
      rssEngine,
      cpuServer: cpu.server,
      cpuBench: cpu.bench,
      cpuRawServer: cpuRaw.server,
      cpuRawBench: cpuRaw.bench,
      cpuHeldServer: cpuHeld.server,
      cpuHeldBench: cpuHeld.bench,
    };
    rounds.push(entry);
    console.info(
      `round ${round}: checksum ${entry.checksum.toFixed(0)} MB/s (hash-wasm ${entry.checksumWasm.toFixed(0)}) · baseline ${entry.baseline.toFixed(1)} MB/s · engine ${entry.engine.toFixed(1)} MB/s (${(entry.engine / entry.baseline).toFixed(2)}×; thumbnails held ${entry.engineHeld.toFixed(1)}, ${(entry.engineHeld / entry.baseline).toFixed(2)}×) · with thumbnails ${entry.ingest.toFixed(1)} MB/s (${(entry.ingest / entry.baseline).toFixed(2)}×) · thumbnails ${entry.photosIngest.toFixed(2)} photos/s vs sharp alone ${entry.thumbnailBaseline.toFixed(2)} (${(entry.photosIngest / entry.thumbnailBaseline).toFixed(2)}×) · server peak RSS ${entry.rssBaseline.toFixed(0)} / ${entry.rssEngine.toFixed(0)} MB · CPU s server ${entry.cpuServer.toFixed(1)}, engine ${entry.cpuBench.toFixed(1)}`,
    );
  }
  const result = {
    checksum: median(rounds.map((r) => r.checksum)),
    checksumWasm: median(rounds.map((r) => r.checksumWasm)),
    baseline: median(rounds.map((r) => r.baseline)),
    engine: median(rounds.map((r) => r.engine)),
    ratio: median(rounds.map((r) => r.engine / r.baseline)),
    engineHeld: median(rounds.map((r) => r.engineHeld)),
    heldRatio: median(rounds.map((r) => r.engineHeld / r.baseline)),
    ingest: median(rounds.map((r) => r.ingest)),
    ingestRatio: median(rounds.map((r) => r.ingest / r.baseline)),
    thumbnailBaseline: median(rounds.map((r) => r.thumbnailBaseline)),
    photosIngest: median(rounds.map((r) => r.photosIngest)),
    photoRatio: median(rounds.map((r) => r.photosIngest / r.thumbnailBaseline)),
    cpuServer: median(rounds.map((r) => r.cpuServer)),
    cpuBench: median(rounds.map((r) => r.cpuBench)),
    cpuRawServer: median(rounds.map((r) => r.cpuRawServer)),
    cpuRawBench: median(rounds.map((r) => r.cpuRawBench)),
    cpuHeldServer: median(rounds.map((r) => r.cpuHeldServer)),
    cpuHeldBench: median(rounds.map((r) => r.cpuHeldBench)),
    rssBaseline: Math.max(...rounds.map((r) => r.rssBaseline)),
    rssEngine: Math.max(...rounds.map((r) => r.rssEngine)),
  };
  console.info(
    `\nmedians over ${ROUNDS} rounds, ${files.length} photos, concurrency ${CONCURRENCY} (engine ${ENGINE_CONCURRENCY}), thumbnail decodes at once ${DECODE_PARALLEL}, sharp threads ${rounds[0]!.sharpThreads}, HTTP stack ${HTTP_STACK}`,
  );
  console.info(`  checksum step (Node's SHA-256):       ${result.checksum.toFixed(0)} MB/s`);
  console.info(`  checksum step (hash-wasm, for web):   ${result.checksumWasm.toFixed(0)} MB/s`);
  console.info(`  baseline (raw streaming POST):        ${result.baseline.toFixed(1)} MB/s`);
  console.info(`  engine (hash, check, tus, answered):  ${result.engine.toFixed(1)} MB/s`);
  console.info(
    `  engine / baseline:                    ${result.ratio.toFixed(2)} (target ≥ 0.80)`,
  );
  console.info(
    `  engine with thumbnails held back:     ${result.engineHeld.toFixed(1)} MB/s (${result.heldRatio.toFixed(2)} × the baseline)`,
  );
  console.info(`  until every thumbnail is made:        ${result.ingest.toFixed(1)} MB/s`);
  console.info(`  that / baseline:                      ${result.ingestRatio.toFixed(2)}`);
  console.info(
    `  thumbnails by sharp alone (baseline): ${result.thumbnailBaseline.toFixed(2)} photos/s`,
  );
  console.info(
    `  until the last thumbnail:             ${result.photosIngest.toFixed(2)} photos/s`,
  );
  console.info(
    `  that / sharp alone:                   ${result.photoRatio.toFixed(2)} (target ≥ 0.70)`,
  );
  console.info(`  server peak RSS after the baseline:   ${result.rssBaseline.toFixed(0)} MB`);
  console.info(
    `  server peak RSS after the ingest:     ${result.rssEngine.toFixed(0)} MB (target < 400)`,
  );
  const perPhoto = (server: number, client: number) =>
    `${server.toFixed(1)} / ${client.toFixed(1)} (${((server * 1000) / files.length).toFixed(0)} / ${((client * 1000) / files.length).toFixed(0)} ms per photo)`;
  console.info(
    `  CPU s per round, server / engine:     ${perPhoto(result.cpuServer, result.cpuBench)}`,
  );
  console.info(
    `    the same, thumbnails held back:     ${perPhoto(result.cpuHeldServer, result.cpuHeldBench)}`,
  );
  console.info(
    `    raw POST, server / client:          ${perPhoto(result.cpuRawServer, result.cpuRawBench)}`,
  );
  const missed = result.ratio < 0.8 || result.photoRatio < 0.7 || result.rssEngine >= 400;
  if (missed) console.info('  a target was missed');
  process.exitCode = missed && STRICT ? 1 : 0;
} finally {
  await server.stop();
}
