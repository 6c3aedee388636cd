/**
 * Measuring helpers shared by the server benchmarks (`bench:server`, `bench:orders`):
 * autocannon in a child process (so it does not share the server's event loop), medians of
 * interleaved rounds, and one raw GET to see the bytes on the wire.
 */
import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

/** What Chromium sends with every request (zstd aside, which the server does not offer). */
export const ACCEPT_ENCODING = 'gzip, deflate, br';
export const CONNECTIONS = 10;

const run = promisify(execFile);
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface Measured {
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  /**
   * CPU time of this process (the server under test: autocannon runs in a child) per
   * request answered, in ms. On a machine other work shares, requests/s move with the load,
   * while the CPU a request costs moves much less: compare both.
   */
  cpuMs: number;
}

/** One autocannon run of `seconds` at {@link CONNECTIONS} connections (or `connections`). */
export async function cannon(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = CONNECTIONS,
): Promise<Measured> {
  const args = ['-c', String(connections), '-d', String(seconds), '-j', '-n'];
  for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}=${value}`);
  const cpuBefore = process.cpuUsage();
  const { stdout } = await run(process.execPath, [autocannonBin, ...args, url], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const cpu = process.cpuUsage(cpuBefore);
  const result = JSON.parse(stdout) as {
    latency: { p50: number; p99: number };
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
  };
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    non2xx: result.non2xx + result.errors,
    cpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, result.requests.total),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function medians(runs: Measured[]): Measured {
  return {
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    rps: median(runs.map((r) => r.rps)),
    cpuMs: median(runs.map((r) => r.cpuMs)),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

/** One GET as sent on the wire (node:http does not decode): status, body bytes, encoding. */
export function wireGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          bytes: Buffer.concat(chunks),
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** One URL to measure, with its headers. */
export interface Target {
  url: string;
  headers: Record<string, string>;
}

/**
 * Several targets (a route on each database, its baseline) measured interleaved (a, b, c, a,
 * b, c, …) for `rounds` rounds after a warm-up of each; on a small shared machine one run
 * moves by tens of percent, and interleaving spreads that over all of them alike.
 */
export async function measureInterleaved(
  targets: Target[],
  options: { seconds: number; rounds: number; warmupSeconds: number },
): Promise<{ medians: Measured[]; runs: Measured[][] }> {
  for (const target of targets) await cannon(target.url, target.headers, options.warmupSeconds);
  const runs: Measured[][] = targets.map(() => []);
  for (let round = 0; round < options.rounds; round += 1) {
    for (const [i, target] of targets.entries())
      runs[i]!.push(await cannon(target.url, target.headers, options.seconds));
  }
  return { medians: runs.map(medians), runs };
}

/** A route and its baseline, measured interleaved ({@link measureInterleaved}). */
export async function measurePair(
  route: Target,
  baseline: Target,
  options: { seconds: number; rounds: number; warmupSeconds: number },
): Promise<{
  route: Measured;
  baseline: Measured;
  routeRuns: Measured[];
  baselineRuns: Measured[];
}> {
  const { medians: both, runs } = await measureInterleaved([route, baseline], options);
  return { route: both[0]!, baseline: both[1]!, routeRuns: runs[0]!, baselineRuns: runs[1]! };
}
