import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectsPageSchema } from '@photo/core/api/schemas/project';
import { SAVED_PROJECT_COUNTS } from '../../src/seed/projects.ts';
import type { OrderTestServer } from '../orders/order-test-server.ts';
import { startOrderTestServer } from '../orders/order-test-server.ts';

let t: OrderTestServer;
beforeAll(async () => {
  t = await startOrderTestServer({ parts: ['projects'] });
}, 120_000);
afterAll(async () => t?.server.close());

const list = (accountId: string, query = '') =>
  `/api/projects/api/v2/projects/${accountId}${query ? `?${query}` : ''}`;

describe('GET /api/v2/projects/{accountId}', () => {
  it('answers pages of 10 by default, most recently changed first, with the total', async () => {
    const { status, body } = await t.demo.get(list(t.ids.demo));
    expect(status).toBe(200);
    const page = projectsPageSchema.parse(body);
    expect(page.totalProjectCount).toBe(SAVED_PROJECT_COUNTS.demo);
    expect(page.projects.length).toBe(10);
    const updated = page.projects.map((project) => project.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());
    expect(new URL(page.projects[0]!.editUrl).origin).toBe('https://www.photobox.co.uk');
  });

  it('walks every page with skip=(page-1)*size, the last one short', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const body = projectsPageSchema.parse(
        (await t.demo.get(list(t.ids.demo, `skip=${(page - 1) * 10}&limit=10`))).body,
      );
      seen.push(...body.projects.map((project) => project.id));
      expect(body.projects.length).toBe(page < 3 ? 10 : SAVED_PROJECT_COUNTS.demo - 20);
    }
    expect(new Set(seen).size).toBe(SAVED_PROJECT_COUNTS.demo);
    const business = projectsPageSchema.parse((await t.business.get(list(t.ids.business))).body);
    expect(business.totalProjectCount).toBe(SAVED_PROJECT_COUNTS.business);
    expect(business.projects.map((p) => p.id).some((id) => seen.includes(id))).toBe(false);
  });

  it('refuses another account with 403 and bad paging with 400 naming the field', async () => {
    const foreign = await t.demo.get(list(t.ids.business));
    expect([foreign.status, foreign.body.field]).toEqual([403, 'params.accountId']);
    for (const [query, field] of [
      ['skip=-1', 'query.skip'],
      ['limit=0', 'query.limit'],
      ['limit=101', 'query.limit'],
      ['skip=a', 'query.skip'],
    ]) {
      const { status, body } = await t.demo.get(list(t.ids.demo, query));
      expect([status, body.field], query).toEqual([400, field]);
    }
    const id = await t.demo.get('/api/projects/api/v2/projects/me');
    expect([id.status, id.body.field]).toEqual([400, 'params.accountId']);
  });
});

describe('DELETE /api/v2/project/{id}', () => {
  it('deletes the caller’s project (204), then 404; another user’s project is 404 and stays', async () => {
    const before = projectsPageSchema.parse((await t.demo.get(list(t.ids.demo))).body);
    const [first] = before.projects;
    const foreign = await t.business.send('DELETE', `/api/projects/api/v2/project/${first!.id}`);
    expect([foreign.status, foreign.body.field]).toEqual([404, 'params.id']);
    const deleted = await t.demo.send('DELETE', `/api/projects/api/v2/project/${first!.id}`);
    expect(deleted.status).toBe(204);
    const after = projectsPageSchema.parse((await t.demo.get(list(t.ids.demo))).body);
    expect(after.totalProjectCount).toBe(before.totalProjectCount - 1);
    expect(after.projects.map((p) => p.id)).not.toContain(first!.id);
    expect((await t.demo.send('DELETE', `/api/projects/api/v2/project/${first!.id}`)).status).toBe(
      404,
    );
    const bad = await t.demo.send('DELETE', '/api/projects/api/v2/project/1');
    expect([bad.status, bad.body.field]).toEqual([400, 'params.id']);
  });
});
