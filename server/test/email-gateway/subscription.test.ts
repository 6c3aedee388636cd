import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { call, lastLink, mailsTo } from '../mail/mailbox-client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { CONFIRMATION_MAIL_LIMIT: '2' } });
});
afterAll(async () => {
  await server.close();
});

const profile = (address: string) =>
  `/api/email-gateway/api/v1/Profiles/${encodeURIComponent(address)}/subscription`;

async function subscribe(address: string, channel = 'hofmann-es', host?: string) {
  return call(server.origin, 'POST', profile(address), { body: { channel }, host });
}

describe('newsletter subscription (double opt-in), anonymous', () => {
  it('mails the link of /subscription-confirmation with token and e-mail; the link confirms once', async () => {
    const requested = await subscribe(
      'Reader@Example.com',
      'hofmann-es',
      `hofmann-es.localhost:${server.port}`,
    );
    expect(requested.status).toBe(202);
    const { mail, link, token } = await lastLink(
      server.origin,
      'reader@example.com',
      '/subscription-confirmation',
    );
    expect(mail.subject).toBe('Confirma tu suscripción a Hofmann');
    expect(mail.html).toContain('<html lang="es-ES">');
    expect(link.origin).toBe(`http://hofmann-es.localhost:${server.port}`);
    expect(link.searchParams.get('email')).toBe('reader@example.com');

    const confirm = `${profile('reader@example.com')}/confirm/${token}`;
    expect(await call(server.origin, 'GET', confirm)).toMatchObject({
      status: 200,
      body: { email: 'reader@example.com', subscribed: true },
    });
    const row = await server.app.deps.db
      .selectFrom('email_subscriptions')
      .selectAll()
      .where('email', '=', 'reader@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'confirmed', channel: 'hofmann-es' });
    expect(row.confirmed_at).not.toBeNull();

    // Used: the same link fails now.
    expect(await call(server.origin, 'GET', confirm)).toMatchObject({
      status: 410,
      body: { statusCode: 410, field: 'params.confirmationToken' },
    });
  });

  it('refuses a made-up token, a token of another address and an expired token', async () => {
    await subscribe('one@example.com');
    const { token } = await lastLink(
      server.origin,
      'one@example.com',
      '/subscription-confirmation',
    );
    expect(
      (await call(server.origin, 'GET', `${profile('one@example.com')}/confirm/${'A'.repeat(43)}`))
        .status,
    ).toBe(404);
    expect(
      (await call(server.origin, 'GET', `${profile('two@example.com')}/confirm/${token}`)).status,
    ).toBe(404);
    await server.app.deps.db
      .updateTable('confirmation_tokens')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('email', '=', 'one@example.com')
      .execute();
    expect(
      await call(server.origin, 'GET', `${profile('one@example.com')}/confirm/${token}`),
    ).toMatchObject({
      status: 410,
      body: { message: 'This confirmation link has expired' },
    });
    const row = await server.app.deps.db
      .selectFrom('email_subscriptions')
      .select('status')
      .where('email', '=', 'one@example.com')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('limits requests per address (429) so nobody can flood an inbox', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await subscribe('flood@example.com')).status);
    expect(statuses).toEqual([202, 202, 429]);
    expect(await mailsTo(server.origin, 'flood@example.com')).toHaveLength(2);
  });

  it('answers bad input with 4xx JSON naming the field', async () => {
    const cases: Array<[string, string, unknown, number, string]> = [
      [
        'POST',
        profile('not-an-address'),
        { channel: 'hofmann-es' },
        400,
        'params.subscriberAddress',
      ],
      ['POST', profile('x@example.com'), {}, 400, 'body.channel'],
      ['POST', profile('x@example.com'), { channel: 'unknown' }, 400, 'body.channel'],
      ['POST', profile('x@example.com'), [1, 2], 400, 'body'],
      ['GET', `${profile('bad')}/confirm/abc`, undefined, 400, 'params.subscriberAddress'],
    ];
    for (const [method, path, body, status, field] of cases) {
      const response = await call(server.origin, method, path, { body });
      expect({ path, status: response.status, field: response.body.field }).toEqual({
        path,
        status,
        field,
      });
    }
  });
});
