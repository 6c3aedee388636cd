import { customerSchema } from '@photo/core/api/schemas/customer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../src/testing/sign-in.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { TestServer } from '../../src/testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function getMe(token: string | null) {
  const response = await fetch(`${server.origin}/api/customer/customers/me`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('GET /api/customer/customers/me', () => {
  it('gives the business user the status that drives the banner', async () => {
    const { accessToken } = await signIn(server.origin, 'business@example.com', 'demo1234');
    const { status, body } = await getMe(accessToken);
    expect(status).toBe(200);
    const customer = customerSchema.parse(body);
    expect(customer).toMatchObject({
      email: 'business@example.com',
      status: 'Default',
      accountDeleted: false,
    });
  });

  it('follows a status change in the database', async () => {
    const { accessToken, claims } = await signIn(server.origin, 'business@example.com', 'demo1234');
    await server.app.deps.db
      .updateTable('users')
      .set({ business_status: 'Blocked' })
      .where('id', '=', claims.sub)
      .execute();
    expect((await getMe(accessToken)).body.status).toBe('Blocked');
  });

  it('gives a consumer no business status', async () => {
    const { accessToken } = await signIn(server.origin, 'demo@example.com', 'demo1234');
    const { body } = await getMe(accessToken);
    expect(customerSchema.parse(body)).toMatchObject({ email: 'demo@example.com', status: null });
  });

  it('answers 401 JSON naming the header without a valid token', async () => {
    expect(await getMe(null)).toMatchObject({
      status: 401,
      body: { field: 'headers.authorization' },
    });
    expect(await getMe('forged')).toMatchObject({
      status: 401,
      body: { field: 'headers.authorization' },
    });
  });
});
