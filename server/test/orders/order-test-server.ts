/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field or checked with the shared schemas */
import { request as httpRequest } from 'node:http';
import type { AppDeps } from '../../src/app-deps.ts';
import { seedCatalog } from '../../src/seed/catalog.ts';
import { seedOrders } from '../../src/seed/orders.ts';
import { seedProjects } from '../../src/seed/projects.ts';
import { seedWidgets } from '../../src/seed/widgets.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { startTestServer } from '../../src/testing/test-server.ts';

export interface Client {
  token: string;
  get(path: string): Promise<{ status: number; body: any; headers: Headers }>;
  send(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  /** Raw bytes of a GET (PDFs). */
  bytes(path: string): Promise<{ status: number; bytes: Buffer; headers: Headers }>;
  /** A GET as a browser on the brand host `host` sends it (fetch may not set Host), as JSON. */
  getOnHost(host: string, path: string): Promise<{ status: number; body: any }>;
}

/** A bearer-token JSON client for full API paths (`/api/orders/...`). */
export function client(origin: string, token: string): Client {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as unknown) : null,
      headers: response.headers,
    };
  };
  const getOnHost = (host: string, path: string) => {
    const url = new URL(path, origin);
    return new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          headers: {
            host: `${host}:${url.port}`,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
  };
  return {
    token,
    get: (path) => call('GET', path),
    getOnHost,
    send: call,
    bytes: async (path) => {
      const response = await fetch(`${origin}${path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return {
        status: response.status,
        bytes: Buffer.from(await response.arrayBuffer()),
        headers: response.headers,
      };
    },
  };
}

export type OrderSeedPart = 'catalog' | 'orders' | 'projects' | 'widgets';
const ALL_PARTS: OrderSeedPart[] = ['catalog', 'orders', 'projects', 'widgets'];

/**
 * The order data of the demo seed: catalogue, orders with PDFs and invoices, projects,
 * widgets (these need the orders), or only some `parts` of it.
 */
export async function seedOrderData(
  deps: AppDeps,
  parts: readonly OrderSeedPart[] = ALL_PARTS,
  now = new Date(),
): Promise<void> {
  if (parts.includes('catalog')) await seedCatalog(deps.db, now);
  if (parts.includes('orders')) await seedOrders(deps, now);
  if (parts.includes('projects')) await seedProjects(deps.db, now);
  if (parts.includes('widgets')) await seedWidgets(deps.db, now);
}

export interface OrderTestServer {
  server: TestServer;
  demo: Client;
  business: Client;
  friend: Client;
  anonymous: Client;
  ids: { demo: string; business: string; friend: string };
}

/** A real server with the demo users and their order data, and a client per user. */
export async function startOrderTestServer(
  options: { env?: Record<string, string>; parts?: readonly OrderSeedPart[] } = {},
): Promise<OrderTestServer> {
  const server = await startTestServer({ seed: 'users', env: options.env ?? {} });
  await seedOrderData(server.app.deps, options.parts);
  const session = async (email: string) => {
    const tokens = await signIn(server.origin, email, 'demo1234');
    return { client: client(server.origin, tokens.accessToken), id: tokens.claims.sub };
  };
  const [demo, business, friend] = await Promise.all([
    session('demo@example.com'),
    session('business@example.com'),
    session('friend@example.com'),
  ]);
  return {
    server,
    demo: demo.client,
    business: business.client,
    friend: friend.client,
    anonymous: client(server.origin, ''),
    ids: { demo: demo.id, business: business.id, friend: friend.id },
  };
}
