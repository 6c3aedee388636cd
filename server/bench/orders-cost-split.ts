import { brotliCompressSync } from 'node:zlib';
import { BROTLI_OPTIONS } from '../src/http/compression.ts';
import { presentSuperOrder, superOrderPageJson } from '../src/modules/orders/order-presenter.ts';
import {
  listSuperOrderPage,
  superOrderPageQuery,
  superOrdersWithLines,
} from '../src/modules/orders/orders-repository.ts';
import { demoUserId } from '../src/seed/users.ts';
import type { OrdersBenchServer } from './orders-bench-server.ts';

/** CPU ms per call of `fn`, the median of 5 batches after a warm-up (this process only). */
async function cpuMs(fn: () => unknown, calls = 200): Promise<number> {
  for (let i = 0; i < 30; i += 1) await fn();
  const batches: number[] = [];
  for (let batch = 0; batch < 5; batch += 1) {
    const before = process.cpuUsage();
    for (let i = 0; i < calls; i += 1) await fn();
    const used = process.cpuUsage(before);
    batches.push((used.user + used.system) / 1000 / calls);
  }
  return batches.sort((a, b) => a - b)[2]!;
}

/**
 * Where an uncached first page (Limit 100) of `GET /v2/superorders/me` spends its CPU, step by
 * step in this process, beside what the static baseline spends on the same body: the whole
 * request through `app.inject` (route: authentication, the query's validation, the page;
 * baseline: Fastify's JSON.stringify of the body) with brotli as the responses use it, and the
 * steps alone. "reading every line" is the design before the stored list JSON, for comparison:
 * each order's lines and pending change read as JSON the database builds (through Kysely, not a
 * prepared statement), presented, and stringified.
 */
export async function orderPageCostSplit(bench: OrdersBenchServer): Promise<string[]> {
  const { db } = bench.app.deps;
  const userId = demoUserId('demo');
  const now = new Date().toISOString();
  const options = { offset: 0, limit: 100, state: 'all' as const, now };
  const { total, orders } = await listSuperOrderPage(db, userId, options);
  const json = superOrderPageJson({ offset: 0, limit: 100, total }, orders, undefined);
  const body = JSON.parse(json) as unknown;
  const baselinePath = bench.setBaseline('cost-split', body).slice(bench.origin.length);
  const headers = { authorization: `Bearer ${bench.accessToken}`, 'accept-encoding': 'br' };
  const path = '/api/orders/v2/superorders/me?Offset=0&Limit=100&OrderState=all';
  const ids = (
    await superOrderPageQuery(db, userId, options).select('superorders.id').execute()
  ).map((row) => row.id);
  const steps: Array<[string, () => unknown]> = [
    ['whole request, route (inject, br)', () => bench.app.inject({ url: path, headers })],
    [
      'whole request, baseline (inject, br)',
      () => bench.app.inject({ url: baselinePath, headers: { 'accept-encoding': 'br' } }),
    ],
    ['  route: count + page statements', () => listSuperOrderPage(db, userId, options)],
    [
      '  route: join + product names',
      () => superOrderPageJson({ offset: 0, limit: 100, total }, orders, undefined),
    ],
    ['  both: UTF-8 encoding', () => Buffer.from(json)],
    ['  both: brotli q1', () => brotliCompressSync(json, BROTLI_OPTIONS)],
    ['  baseline: JSON.stringify', () => JSON.stringify(body)],
    [
      '  before: reading every line, presenting, stringify',
      async () => {
        const byId = new Map((await superOrdersWithLines(db, ids)).map((o) => [o.row.id, o]));
        return JSON.stringify({
          offset: 0,
          limit: 100,
          total,
          items: ids.map((id) => {
            const order = byId.get(id)!;
            return presentSuperOrder(order.row, order.lines, order.pending);
          }),
        });
      },
    ],
  ];
  const lines = [
    `\nuncached first page, CPU ms per call in this process (${Buffer.byteLength(json)} bytes, ${total} orders):`,
  ];
  for (const [label, fn] of steps)
    lines.push(`  ${label.padEnd(54)}${(await cpuMs(fn)).toFixed(3)}`);
  return lines;
}
