/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experimentsSchema } from '@photo/core/api/schemas/observability';
import { REPORTS_PER_MINUTE } from '../../src/modules/reports/reports-routes.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { OrderTestServer } from '../orders/order-test-server.ts';
import { startOrderTestServer } from '../orders/order-test-server.ts';

let t: OrderTestServer;
beforeAll(async () => {
  t = await startOrderTestServer({ parts: [] });
}, 120_000);
afterAll(async () => t?.server.close());

const post = (path: string, body: string, type: string, headers: Record<string, string> = {}) =>
  fetch(`${t.server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': type, ...headers },
    body,
  });

async function devReports(): Promise<{ errors: any[]; csp: any[] }> {
  return (await (await fetch(`${t.server.origin}/dev/reports.json?limit=500`)).json()) as any;
}

describe('correlation ids', () => {
  it('are echoed on every answer and carried in JSON error bodies', async () => {
    const ok = await fetch(`${t.server.origin}/config.json`, {
      headers: { 'x-correlationid': 'abc-123' },
    });
    expect(ok.headers.get('x-correlationid')).toBe('abc-123');

    const denied = await fetch(`${t.server.origin}/api/photo/users`, {
      headers: { 'x-correlationid': 'corr-401' },
    });
    expect(denied.status).toBe(401);
    expect(await denied.json()).toMatchObject({ statusCode: 401, correlationId: 'corr-401' });

    const missing = await fetch(`${t.server.origin}/api/nothing-here`, {
      headers: { 'x-correlationid': 'corr-404' },
    });
    expect(await missing.json()).toMatchObject({ statusCode: 404, correlationId: 'corr-404' });

    // A malformed id is not echoed back as sent: the server makes one.
    const bad = await fetch(`${t.server.origin}/api/nothing-here`, {
      headers: { 'x-correlationid': '<script>' },
    });
    const made = bad.headers.get('x-correlationid');
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await bad.json()) as any).correlationId).toBe(made);
  });
});

describe('POST /api/reports/errors', () => {
  it('stores a scrubbed report per host with its correlation id (204)', async () => {
    const response = await post(
      '/api/reports/errors',
      JSON.stringify({
        message:
          'Error {"message":"boom"} for jane.doe@example.com with Bearer abc.def.ghi on IMG_0042.JPG; token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
        action: 'api/executeQuery/rejected',
        correlationId: '5d7f1c2e-1111-4222-8333-944455556666',
        path: '/my-photos/albums/123e4567-e89b-12d3-a456-426614174000',
        userAgent: 'Test agent',
      }),
      'application/json',
    );
    expect(response.status).toBe(204);
    const { errors } = await devReports();
    const stored = errors.find((r) => r.correlationId === '5d7f1c2e-1111-4222-8333-944455556666');
    expect(stored).toMatchObject({
      action: 'api/executeQuery/rejected',
      path: '/my-photos/albums/:id',
      userAgent: 'Test agent',
      host: expect.any(String),
      receivedAt: expect.any(String),
    });
    expect(stored.message).not.toMatch(/jane\.doe|abc\.def|IMG_0042|eyJhbGci/);
    expect(stored.message).toContain('[email]');
  });

  it('answers bad input with 400 naming the field, big bodies with 413', async () => {
    for (const [body, field] of [
      [{ action: 'x' }, 'body.message'],
      [{ message: 'x', action: '' }, 'body.action'],
      [{ message: 'x', action: 'y', correlationId: 'a b' }, 'body.correlationId'],
      [{ message: 'x', action: 'y', path: 'p'.repeat(600) }, 'body.path'],
    ] as const) {
      const response = await post('/api/reports/errors', JSON.stringify(body), 'application/json');
      expect([response.status, ((await response.json()) as any).field]).toEqual([400, field]);
    }
    const broken = await post('/api/reports/errors', '{', 'application/json');
    expect([broken.status, ((await broken.json()) as any).field]).toEqual([400, 'body']);
    const big = await post(
      '/api/reports/errors',
      JSON.stringify({ message: 'x'.repeat(20_000), action: 'y' }),
      'application/json',
    );
    expect(big.status).toBe(413);
  });
});

describe('POST /api/reports/csp', () => {
  it('stores both report formats, the document path without ids, the blocked origin only', async () => {
    const legacy = await post(
      '/api/reports/csp',
      JSON.stringify({
        'csp-report': {
          'document-uri': 'http://localhost/my-photos/photos/preview/42?token=secret',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'https://evil.example/x.js?user=jane@example.com',
          disposition: 'enforce',
        },
      }),
      'application/csp-report',
    );
    expect(legacy.status).toBe(204);
    const modern = await post(
      '/api/reports/csp',
      JSON.stringify([
        {
          type: 'csp-violation',
          url: 'http://localhost/orders',
          body: {
            documentURL: 'http://localhost/orders',
            effectiveDirective: 'img-src',
            blockedURL: 'https://tracker.example/pixel.gif',
            disposition: 'report',
          },
        },
        { type: 'deprecation', body: {} },
      ]),
      'application/reports+json',
    );
    expect(modern.status).toBe(204);
    const { csp } = await devReports();
    expect(csp).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          documentPath: '/my-photos/photos/preview/:id',
          directive: 'script-src-elem',
          blocked: 'https://evil.example',
        }),
        expect.objectContaining({ documentPath: '/orders', blocked: 'https://tracker.example' }),
      ]),
    );
    expect(JSON.stringify(csp)).not.toContain('jane@example.com');
  });

  it('refuses other types (415) and malformed reports (400 naming the field)', async () => {
    const plain = await post('/api/reports/csp', '{}', 'text/plain');
    expect(plain.status).toBe(415);
    const wrong = await post('/api/reports/csp', '{"x":1}', 'application/csp-report');
    expect([wrong.status, ((await wrong.json()) as any).field]).toEqual([400, 'body.csp-report']);
    const broken = await post('/api/reports/csp', '{', 'application/reports+json');
    expect([broken.status, ((await broken.json()) as any).field]).toEqual([400, 'body']);
  });
});

describe('GET /api/experiments/me', () => {
  it('assigns sample-test once per account and keeps it', async () => {
    const first = await t.demo.get('/api/experiments/me');
    expect(first.status).toBe(200);
    const variant = experimentsSchema.parse(first.body).experiments['sample-test'];
    for (let i = 0; i < 5; i += 1)
      expect((await t.demo.get('/api/experiments/me')).body.experiments['sample-test']).toBe(
        variant,
      );
  });

  it('is per account, needs a token, and over many accounts uses both variants', async () => {
    expect((await t.anonymous.get('/api/experiments/me')).status).toBe(401);
    const { assignedVariant } =
      await import('../../src/modules/experiments/experiments-repository.ts');
    const db = t.server.app.deps.db;
    const friend = (await t.friend.get('/api/experiments/me')).body.experiments['sample-test'];
    expect(await assignedVariant(db, t.ids.friend, 'sample-test', ['control', 'A'])).toBe(friend);
    // Another account's assignment is its own row: the demo user's answer never changes it.
    await t.demo.get('/api/experiments/me');
    expect((await t.friend.get('/api/experiments/me')).body.experiments['sample-test']).toBe(
      friend,
    );
  });
});

describe('POST /api/analytics/events', () => {
  it('records counters and page views per account with the account variant (204)', async () => {
    const variant = (await t.business.get('/api/experiments/me')).body.experiments['sample-test'];
    const at = new Date().toISOString();
    const response = await t.business.send('POST', '/api/analytics/events', {
      events: [
        { kind: 'counter', name: 'PhotoManagement.Upload', at },
        { kind: 'pageview', path: '/my-photos/albums/123', at },
      ],
    });
    expect(response.status).toBe(204);
    const { events } = (await (
      await fetch(`${t.server.origin}/dev/analytics.json?limit=500`)
    ).json()) as { events: any[] };
    const mine = events.filter((event) => event.userId === t.ids.business);
    expect(mine.map((event) => [event.kind, event.name, event.variant])).toEqual(
      expect.arrayContaining([
        ['counter', 'PhotoManagement.Upload', variant],
        ['pageview', '/my-photos/albums/:id', variant],
      ]),
    );
  });

  it('needs a token and answers bad batches with 400 naming the field', async () => {
    const at = new Date().toISOString();
    const ok = { events: [{ kind: 'counter', name: 'PhotoManagement.Upload', at }] };
    expect((await t.anonymous.send('POST', '/api/analytics/events', ok)).status).toBe(401);
    for (const [body, field] of [
      [{ events: [] }, 'body.events'],
      [{ events: [{ kind: 'counter', name: 'Upload', at }] }, 'body.events.0.name'],
      [{ events: [{ kind: 'pageview', path: 'x', at }] }, 'body.events.0.path'],
      [
        { events: [{ kind: 'counter', name: 'PhotoManagement.Upload', at: 'soon' }] },
        'body.events.0.at',
      ],
      [{ events: Array.from({ length: 51 }, () => ok.events[0]) }, 'body.events'],
    ] as const) {
      const response = await t.demo.send('POST', '/api/analytics/events', body);
      expect([response.status, response.body.field]).toEqual([400, field]);
    }
  });
});

describe('development listings', () => {
  it('serve an HTML page in development and nothing in production mode', async () => {
    const page = await fetch(`${t.server.origin}/dev/reports`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Error reports</h1>');
    expect((await fetch(`${t.server.origin}/dev/analytics`)).status).toBe(200);

    const production = await startTestServer({
      seed: false,
      env: { APP_MODE: 'production', SMTP_URL: 'smtp://127.0.0.1:1' },
    });
    try {
      for (const path of ['/dev/reports', '/dev/reports.json', '/dev/analytics.json'])
        expect((await fetch(`${production.origin}${path}`)).status, path).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('limits', () => {
  it('stores a made-up Host header as unknown', async () => {
    const response = await t.server.app.inject({
      method: 'POST',
      url: '/api/reports/errors',
      headers: { host: 'evil_host', 'content-type': 'application/json' },
      payload: { message: 'from a strange host', action: 'test/host', correlationId: 'host-1' },
    });
    expect(response.statusCode).toBe(204);
    const { errors } = await devReports();
    expect(errors.find((r) => r.correlationId === 'host-1')?.host).toBe('unknown');
  });

  it('answers 429 once a client sent 300 reports in a minute, and 60 batches per account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= REPORTS_PER_MINUTE; i += 1) {
      const response = await post(
        '/api/reports/errors',
        JSON.stringify({ message: `flood ${i}`, action: 'test/flood' }),
        'application/json',
      );
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 204).length).toBeLessThanOrEqual(
      REPORTS_PER_MINUTE,
    );

    const at = new Date().toISOString();
    const batch = { events: [{ kind: 'counter', name: 'PhotoManagement.Delete', at }] };
    const batches: number[] = [];
    for (let i = 0; i < 61; i += 1)
      batches.push((await t.friend.send('POST', '/api/analytics/events', batch)).status);
    expect(batches.slice(0, 60).every((status) => status === 204)).toBe(true);
    expect(batches[60]).toBe(429);
  });
});
