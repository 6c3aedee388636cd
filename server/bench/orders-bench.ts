/**
 * `npm run bench:orders`, server half: a customer with 2,000 orders over 5 years; the order
 * API's p50/p99 latency and requests/s at 10 connections (autocannon in a child process,
 * loopback, `Accept-Encoding` as Chromium sends), each route next to a static JSON baseline of
 * the same body from the same server. Targets: with the list-page cache on (as the product
 * runs) every route keeps ≥ 50 % of the baseline's requests/s; with it off, the first page of
 * superorders still does (a customer's first visit, or any visit after a write, is uncached:
 * its query design must carry it, not the cache). Routes: the first and the last page of `GET /v2/superorders/me` (Limit 100, as
 * the client reads the list until the total) and `GET /orders/byAccount/{id}` (default 10).
 *
 * Each route is measured twice: with the per-user list-page cache (the default) and with it off
 * (ORDERS_PAGE_CACHE=off), so the figures say what the cache buys. Then the browser half
 * (`orders-browser-bench.ts`): navigation → in-progress list painted, → first History page
 * painted, → every list page in, the layout shifts, and whether the first History link changed
 * while the rest loaded (it must not: the run fails if it did).
 *
 * Env: BENCH_ORDERS (2000), BENCH_DURATION (5 s a run), BENCH_ROUNDS (3), BENCH_RUNS (7 browser
 * runs), BENCH_WEB_ROOT (web/dist), BENCH_BEFORE_WEB_ROOT (a build of the code before, measured
 * first in the same run), BENCH_HALF (`server`, `browser` or both).
 */
import { demoUserId } from '../src/seed/users.ts';
import { ACCEPT_ENCODING, CONNECTIONS, measurePair, wireGet } from './autocannon-runs.ts';
import { startOrdersBenchServer } from './orders-bench-server.ts';
import { measureOrdersPaint } from './orders-browser-bench.ts';
import { orderPageCostSplit } from './orders-cost-split.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_RATIO = 0.5;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const HALF = process.env.BENCH_HALF ?? 'both';
/** A build of the web app before a change (e.g. main's), measured first in the same run. */
const BEFORE_WEB_ROOT = process.env.BENCH_BEFORE_WEB_ROOT || undefined;

async function main(): Promise<void> {
  let allPass = true;
  if (HALF !== 'browser') {
    // Cache on: every route. Cache off: the first page of superorders (the other two are
    // printed to show what the cache buys them).
    const cached = await serverHalf('on');
    const uncached = await serverHalf('off');
    allPass = cached && uncached;
  }
  if (HALF !== 'server') {
    // Before and after back to back in one run, when a build of the code before is given.
    const builds: Array<[string, string | undefined]> = [
      ...(BEFORE_WEB_ROOT ? [['before', BEFORE_WEB_ROOT] as [string, string]] : []),
      [BEFORE_WEB_ROOT ? 'after' : 'this build', process.env.BENCH_WEB_ROOT || undefined],
    ];
    const lines: string[] = [];
    for (const [label, webRoot] of builds) {
      const paint = await measureOrdersPaint({ orders: ORDERS, runs: RUNS, webRoot });
      const stable = paint.firstLinkChanges === 0;
      allPass &&= stable;
      lines.push(
        `\nbrowser, ${label} (${ORDERS} orders, HTTP cache off, list cache on, medians over ${paint.runsMs.length} runs):`,
        `  /orders → in-progress list painted: ${paint.medianMs} ms [${paint.runsMs.join(', ')}], ${paint.requests} list requests, tab "${paint.tab}"`,
        `  /orders?order_state=history → first History page painted: ${paint.historyMedianMs} ms [${paint.historyRunsMs.join(', ')}]; every list page in: ${paint.allLoadedMedianMs} ms [${paint.allLoadedRunsMs.join(', ')}]`,
        `  layout shifts per History visit until every page is in (count/score): ${paint.shifts.map((shift) => `${shift.count}/${shift.score}`).join(', ')}`,
        `  first History link: "${paint.firstHistoryLink.painted}" when painted, "${paint.firstHistoryLink.settled}" after the rest; changed ${paint.firstLinkChanges} times in ${paint.runsMs.length} runs: ${stable ? 'ok' : 'MOVED'}`,
      );
    }
    console.info(lines.join('\n'));
  }
  process.exitCode = allPass ? 0 : 1;
}

/** The server half with the list-page cache on or off; true when the routes with a target met it. */
async function serverHalf(cache: 'on' | 'off'): Promise<boolean> {
  const bench = await startOrdersBenchServer({
    orders: ORDERS,
    env: { ORDERS_PAGE_CACHE: cache },
  });
  try {
    const auth = { authorization: `Bearer ${bench.accessToken}` };
    const compressed = { 'accept-encoding': ACCEPT_ENCODING };
    const lastOffset = Math.max(0, Math.floor((ORDERS - 1) / 100) * 100);
    // [label, path, held to the target with this cache setting]
    const routes: Array<[string, string, boolean]> = [
      [
        'GET /v2/superorders/me (first 100)',
        '/api/orders/v2/superorders/me?Offset=0&Limit=100',
        true,
      ],
      [
        `GET /v2/superorders/me (Offset ${lastOffset})`,
        `/api/orders/v2/superorders/me?Offset=${lastOffset}&Limit=100`,
        cache === 'on',
      ],
      [
        'GET /orders/byAccount/{id}',
        `/api/orders/orders/byAccount/${demoUserId('demo')}`,
        cache === 'on',
      ],
    ];
    const pad = (value: string, width: number) => value.padEnd(width);
    const table = [
      `${pad('route', 40)}${pad('bytes', 9)}${pad('wire', 13)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('req/s', 9)}${pad('base p99', 9)}${pad('base req/s', 11)}${pad('ratio', 7)}verdict`,
    ];
    let allPass = true;
    for (const [label, path, held] of routes) {
      const response = await fetch(bench.origin + path, { headers: auth });
      const text = await response.text();
      if (!response.ok)
        throw new Error(`${label} answered ${response.status}: ${text.slice(0, 200)}`);
      const routeUrl = bench.origin + path;
      const baselineUrl = bench.setBaseline(label.replace(/[^a-z0-9]+/gi, '-'), JSON.parse(text));
      const wire = await wireGet(routeUrl, { ...auth, ...compressed });
      const { route, baseline, routeRuns, baselineRuns } = await measurePair(
        { url: routeUrl, headers: { ...auth, ...compressed } },
        { url: baselineUrl, headers: compressed },
        { seconds: DURATION_S, rounds: ROUNDS, warmupSeconds: 1 },
      );
      const ratio = route.rps / baseline.rps;
      const pass = ratio >= TARGET_RATIO && route.non2xx === 0;
      if (held) allPass &&= pass;
      const rounds = routeRuns
        .map((r, i) => `${r.rps.toFixed(0)}/${baselineRuns[i]!.rps.toFixed(0)}`)
        .join(' ');
      table.push(
        `${pad(label, 40)}${pad(String(Buffer.byteLength(text)), 9)}${pad(`${wire.bytes.length} ${wire.encoding}`, 13)}${pad(String(route.p50), 8)}${pad(String(route.p99), 8)}${pad(route.rps.toFixed(0), 9)}${pad(String(baseline.p99), 9)}${pad(baseline.rps.toFixed(0), 11)}${pad(`${(ratio * 100).toFixed(0)}%`, 7)}${pass ? 'ok' : held ? 'MISSED' : 'below (no target)'}${route.non2xx ? ` (${route.non2xx} errors)` : ''}  [req/s by round, route/base: ${rounds}] [server CPU ms per request, route/base: ${route.cpuMs.toFixed(2)}/${baseline.cpuMs.toFixed(2)}, base/route ${((baseline.cpuMs / route.cpuMs) * 100).toFixed(0)}%]`,
      );
    }
    console.info(
      `\nlist-page cache ${cache}: ${ORDERS} orders over 5 years, ${CONNECTIONS} connections, Accept-Encoding: ${ACCEPT_ENCODING}, ${ROUNDS} interleaved rounds of ${DURATION_S} s per route and baseline (medians), loopback\n`,
    );
    console.info(table.join('\n'));
    console.info(
      `\ntarget: ≥ ${TARGET_RATIO * 100} % of the static baseline's req/s ${cache === 'on' ? 'on every route' : 'on the first page (uncached)'}: ${allPass ? 'met' : 'NOT met'}`,
    );
    if (cache === 'off') console.info((await orderPageCostSplit(bench)).join('\n'));
    return allPass;
  } finally {
    await bench.close();
  }
}

await main();
