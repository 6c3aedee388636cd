import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { seedOrderHistory } from '../src/seed/orders.ts';
import { demoUserId, seedUsers } from '../src/seed/users.ts';
import { signIn } from '../src/testing/sign-in.ts';

export interface OrdersBenchServer {
  /** `http://localhost:{port}`. */
  origin: string;
  port: number;
  app: FastifyInstance;
  /** demo@example.com's access token: the customer with the order history. */
  accessToken: string;
  orders: number;
  /** Serve `body` at `/bench/baseline/{name}` (no database, no auth): the static baseline. */
  setBaseline(name: string, body: unknown): string;
  close(): Promise<void>;
}

/**
 * The benchmark's server: a fresh data folder, the demo users, and demo@example.com with
 * `orders` orders spread over `years` years (the last weeks in progress), listening on
 * localhost like `npm start`. The browser half of `bench:orders` (time from navigation to the
 * in-progress order list painted) starts the same server through this function, serves the
 * built web app from it (`webRoot`), and signs in as demo@example.com / demo1234.
 */
export async function startOrdersBenchServer(
  options: {
    orders?: number;
    years?: number;
    webRoot?: string;
    /** Environment over `process.env`, e.g. `{ ORDERS_PAGE_CACHE: 'off' }`. */
    env?: Record<string, string>;
  } = {},
): Promise<OrdersBenchServer> {
  const orders = options.orders ?? 2000;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'orders-bench-'));
  const port = 18_000 + Math.floor(Math.random() * 2000);
  const app = await buildApp({
    dataDir,
    port,
    env: { ...process.env, ...options.env },
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
  });
  const baselines = new Map<string, unknown>();
  app.get('/bench/baseline/:name', { schema: { hide: true } }, async (request, reply) => {
    const body = baselines.get((request.params as { name: string }).name);
    return body === undefined ? reply.code(404).send({ error: 'unknown baseline' }) : body;
  });
  await seedUsers(app.deps.db);
  const started = Date.now();
  await seedOrderHistory(app.deps, demoUserId('demo'), {
    count: orders,
    years: options.years ?? 5,
  });
  console.info(
    `seeded ${orders} orders over ${options.years ?? 5} years in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await app.listen({ port, host: 'localhost' });
  const origin = `http://localhost:${port}`;
  const { accessToken } = await signIn(origin, 'demo@example.com', 'demo1234');
  return {
    origin,
    port,
    app,
    accessToken,
    orders,
    setBaseline: (name, body) => {
      baselines.set(name, body);
      return `${origin}/bench/baseline/${name}`;
    },
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
