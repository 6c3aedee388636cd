import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, SignInError } from '../../src/testing/sign-in.ts';
import type { SignInResult } from '../../src/testing/sign-in.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { brandHosts } from '../../src/config/brand-hosts.ts';
import { brandForHost } from '../../src/mail/brand-context.ts';
import { emailChangeNoticeMail, maskEmail } from '../../src/mail/email-change-notice.ts';
import { serverTexts } from '../../src/mail/server-texts.ts';
import { call, lastLink, mailsTo } from '../mail/mailbox-client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { CONFIRMATION_MAIL_LIMIT: '3' } });
});
afterAll(async () => {
  await server.close();
});

const identityPath = (session: SignInResult) =>
  `/api/identity/v2/identities/${session.claims.idp_type}/${session.claims.idp_sub}`;

describe('e-mail change', () => {
  it('end to end: mail to the new address, confirm, the new address signs in and the old one no longer does', async () => {
    const session = await signIn(server.origin, 'friend@example.com', 'demo1234');
    const request = await call(server.origin, 'POST', `${identityPath(session)}/emailchanges`, {
      token: session.accessToken,
      body: { email: 'Friend.New@Example.com', channel: 'albelli-nl' },
      host: `albelli-nl.localhost:${server.port}`,
    });
    expect(request.status).toBe(202);
    expect(Date.parse(String(request.body.expiresAt))).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // The old address gets a notice in the customer's language (docs/product.md#e-mail-change-notice):
    // the new address masked, no confirmation link, the brand's customer care.
    const notices = await mailsTo(server.origin, 'friend@example.com');
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice!.subject).toBe('Het e-mailadres van je albelli-account wordt gewijzigd');
    expect(notice!.from).toMatch(/albelli.*<no-reply@localhost>/);
    expect(notice!.text).toContain('f***@example.com');
    expect(notice!.text).toContain('Tot dan log je in met dit adres.');
    expect(`${notice!.text}${notice!.html}`.toLowerCase()).not.toContain('friend.new');
    expect(notice!.links).toEqual(['https://www.albelli.nl/contact']);
    // The confirmation is Dutch and links back to the brand host.
    const { mail, link, token } = await lastLink(
      server.origin,
      'friend.new@example.com',
      '/change-email-confirmation',
    );
    expect(mail.subject).toBe('Bevestig je nieuwe e-mailadres');
    expect(mail.from).toMatch(/albelli.*<no-reply@localhost>/);
    expect(link.origin).toBe(`http://albelli-nl.localhost:${server.port}`);
    expect(token).toMatch(/^[\w-]{43}$/);

    const confirm = await call(
      server.origin,
      'POST',
      `${identityPath(session)}/emailchanges/${token}/actions/confirm`,
      { token: session.accessToken },
    );
    expect(confirm).toMatchObject({ status: 200, body: { email: 'friend.new@example.com' } });

    await expect(signIn(server.origin, 'friend@example.com', 'demo1234')).rejects.toThrow(
      SignInError,
    );
    const renewed = await signIn(server.origin, 'friend.new@example.com', 'demo1234');
    expect(renewed.claims.email).toBe('friend.new@example.com');
    // The same session's identity already reports the new address.
    const me = await call(server.origin, 'GET', '/api/me/identity', { token: session.accessToken });
    expect(me.body.email).toBe('friend.new@example.com');

    // Single use: the link does not work twice.
    const again = await call(
      server.origin,
      'POST',
      `${identityPath(renewed)}/emailchanges/${token}/actions/confirm`,
      { token: renewed.accessToken },
    );
    expect(again).toMatchObject({
      status: 410,
      body: { statusCode: 410, field: 'params.confirmationToken' },
    });
  });

  it('notifies the current address in every locale, with its brand’s customer care', () => {
    const texts = serverTexts();
    const english = texts.for('en-GB', 'mail');
    const seen = new Set<string>();
    for (const host of brandHosts) {
      const brand = brandForHost(host.host, { publicOrigin: 'http://localhost:1', port: 1 });
      const mail = emailChangeNoticeMail(texts, {
        brand,
        to: 'old@example.com',
        newEmail: 'new.address@example.org',
      });
      const t = texts.for(brand.locale, 'mail');
      expect(mail.to).toBe('old@example.com');
      expect(mail.subject).toBe(
        t('emailChangeNotice.subject', { brand: brand.label || brand.vendor }),
      );
      for (const key of ['intro', 'effect', 'notYou']) {
        const line = t(`emailChangeNotice.${key}`, {
          brand: brand.label || brand.vendor,
          email: 'n***@example.org',
        });
        expect(mail.text).toContain(line);
        // A real translation, not the English fallback (en-GB brands aside).
        if (!brand.locale.startsWith('en'))
          expect(line).not.toBe(english(`emailChangeNotice.${key}`));
      }
      expect(mail.text).toContain(host.storefrontRoutes.ContactUs);
      expect(mail.html).toContain(`lang="${brand.locale}"`);
      expect(mail.text).not.toContain('new.address');
      seen.add(brand.locale);
    }
    expect(seen.size).toBe(11);
  });

  it('masks the new address: first character and domain', () => {
    expect(maskEmail('friend.new@example.com')).toBe('f***@example.com');
    expect(maskEmail('x@sub.example.org')).toBe('x***@sub.example.org');
  });

  it('409 when the address is in use, naming body.email', async () => {
    const session = await signIn(server.origin, 'demo@example.com', 'demo1234');
    const response = await call(server.origin, 'POST', `${identityPath(session)}/emailchanges`, {
      token: session.accessToken,
      body: { email: 'BUSINESS@example.com', channel: 'photobox-uk' },
    });
    expect(response).toMatchObject({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', field: 'body.email' },
    });
    // A refused request notifies no one.
    expect(await mailsTo(server.origin, 'demo@example.com')).toEqual([]);
  });

  it('429 once an account asked CONFIRMATION_MAIL_LIMIT times within the window', async () => {
    const session = await signIn(server.origin, 'business@example.com', 'demo1234');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await call(server.origin, 'POST', `${identityPath(session)}/emailchanges`, {
        token: session.accessToken,
        body: { email: `business-${i}@example.com`, channel: 'photobox-uk' },
      });
      statuses.push(response.status);
      if (response.status === 429)
        expect(response.body).toMatchObject({ error: 'Too Many Requests', field: 'params.idpSub' });
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect(await mailsTo(server.origin, 'business-3@example.com')).toEqual([]);
    // One notice to the current address per accepted request; none for the refused one.
    const notices = await mailsTo(server.origin, 'business@example.com');
    expect(notices.map((mail) => mail.subject)).toEqual(
      Array(3).fill('Your Photobox e-mail address is being changed'),
    );
    expect(notices.map((mail) => mail.text.match(/b\*\*\*@example\.com/)?.[0])).toEqual(
      Array(3).fill('b***@example.com'),
    );
  });

  it('refuses an expired token, a token of another action and a token of another account', async () => {
    const demo = await signIn(server.origin, 'demo@example.com', 'demo1234');
    await call(server.origin, 'POST', `${identityPath(demo)}/emailchanges`, {
      token: demo.accessToken,
      body: { email: 'demo.next@example.com', channel: 'photobox-uk' },
    });
    const { token } = await lastLink(
      server.origin,
      'demo.next@example.com',
      '/change-email-confirmation',
    );

    // Another action: the e-mail change token cannot delete the account.
    const asDeletion = await call(
      server.origin,
      'POST',
      `${identityPath(demo)}/deleteaccount/${token}/actions/confirm`,
      { token: demo.accessToken },
    );
    expect(asDeletion).toMatchObject({ status: 404, body: { field: 'params.confirmationToken' } });

    // Another account: business cannot confirm demo's change on its own identity.
    const business = await signIn(server.origin, 'business@example.com', 'demo1234');
    const foreign = await call(
      server.origin,
      'POST',
      `${identityPath(business)}/emailchanges/${token}/actions/confirm`,
      { token: business.accessToken },
    );
    expect(foreign.status).toBe(404);

    // Expired (the clock moved past expires_at): 410, and demo keeps the old address.
    await server.app.deps.db
      .updateTable('confirmation_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'demo.next@example.com')
      .execute();
    const expired = await call(
      server.origin,
      'POST',
      `${identityPath(demo)}/emailchanges/${token}/actions/confirm`,
      { token: demo.accessToken },
    );
    expect(expired).toMatchObject({ status: 410, body: { field: 'params.confirmationToken' } });
    expect((await signIn(server.origin, 'demo@example.com', 'demo1234')).claims.email).toBe(
      'demo@example.com',
    );
  });

  it('answers bad input with 4xx JSON naming the field', async () => {
    const demo = await signIn(server.origin, 'demo@example.com', 'demo1234');
    const base = identityPath(demo);
    const cases: Array<[string, string, unknown, number, string, string?]> = [
      [
        'POST',
        `${base}/emailchanges`,
        { email: 'not-an-address', channel: 'photobox-uk' },
        400,
        'body.email',
      ],
      ['POST', `${base}/emailchanges`, { email: 'x@example.com' }, 400, 'body.channel'],
      [
        'POST',
        `${base}/emailchanges`,
        { email: 'x@example.com', channel: 'nope' },
        400,
        'body.channel',
      ],
      [
        'POST',
        `${base}/emailchanges`,
        { email: 'demo@example.com', channel: 'photobox-uk' },
        400,
        'body.email',
      ],
      ['POST', `${base}/emailchanges`, 'a string', 400, 'body'],
      [
        'POST',
        `${base}/emailchanges/${'x'.repeat(100)}/actions/confirm`,
        undefined,
        404,
        'params.confirmationToken',
      ],
      [
        'POST',
        `${base}/emailchanges/made-up/actions/confirm`,
        undefined,
        404,
        'params.confirmationToken',
      ],
      [
        'POST',
        `/api/identity/v2/identities/local/someone-else/emailchanges`,
        { email: 'x@example.com', channel: 'photobox-uk' },
        403,
        'params.idpSub',
      ],
      [
        'POST',
        `/api/identity/v2/identities/google/${demo.claims.idp_sub}/deleteaccount`,
        { channel: 'photobox-uk' },
        403,
        'params.idpType',
      ],
      [
        'POST',
        `${base}/deleteaccount`,
        { channel: 'photobox-uk' },
        401,
        'headers.authorization',
        'no token',
      ],
    ];
    for (const [method, path, body, status, field, noToken] of cases) {
      const response = await call(server.origin, method, path, {
        token: noToken ? undefined : demo.accessToken,
        body,
      });
      expect({ path, status: response.status, field: response.body.field }).toEqual({
        path,
        status,
        field,
      });
      expect(response.body).toMatchObject({ statusCode: status, message: expect.any(String) });
    }
  });
});
