import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../src/testing/sign-in.ts';
import type { SignInResult } from '../../src/testing/sign-in.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { TestServer } from '../../src/testing/test-server.ts';

let server: TestServer;
let demo: SignInResult;
beforeAll(async () => {
  server = await startTestServer();
  demo = await signIn(server.origin, 'demo@example.com', 'demo1234');
});
afterAll(async () => {
  await server.close();
});

/** The routes of the customer, identity and e-mail gateway modules, `:params` to fill. */
const ROUTES: Array<[method: string, path: string]> = [
  ['GET', '/api/customer/customers/me'],
  ['PUT', '/api/customer/customers/me'],
  ['PATCH', '/api/customer/customers/me'],
  ['GET', '/api/customer/customers/me/addresses'],
  ['POST', '/api/customer/customers/me/addresses'],
  ['PUT', '/api/customer/customers/me/addresses/:a'],
  ['DELETE', '/api/customer/customers/me/addresses/:a'],
  ['GET', '/api/customer/customers/me/payment-method'],
  ['PUT', '/api/customer/customers/me/payment-method'],
  ['POST', '/api/identity/v2/identities/:a/:b/deleteaccount'],
  ['POST', '/api/identity/v2/identities/:a/:b/deleteaccount/:c/actions/confirm'],
  ['POST', '/api/identity/v2/identities/:a/:b/emailchanges'],
  ['POST', '/api/identity/v2/identities/:a/:b/emailchanges/:c/actions/confirm'],
  ['POST', '/api/email-gateway/api/v1/Profiles/:a/subscription'],
  ['GET', '/api/email-gateway/api/v1/Profiles/:a/subscription/confirm/:c'],
];

describe('customer, identity and e-mail gateway routes', () => {
  it('never answer 5xx to random params and bodies, and name the field of every 4xx (fast-check)', async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 24 }),
      fc.uuid(),
      fc.emailAddress(),
      fc.constantFrom(
        demo.claims.idp_type!,
        demo.claims.idp_sub!,
        'A'.repeat(43),
        '..',
        '%00',
        '%2F..%2F',
        'demo@example.com',
        'null',
      ),
    );
    const address = fc.record(
      {
        type: fc.constantFrom('normal', 'business', 'x'),
        firstName: fc.string({ maxLength: 8 }),
        lastName: fc.string({ maxLength: 8 }),
        companyName: fc.oneof(fc.constant(null), fc.string({ maxLength: 8 })),
        vatNumber: fc.oneof(fc.constant(null), fc.string({ maxLength: 14 })),
        streetName: fc.string({ maxLength: 12 }),
        streetNumber: fc.oneof(fc.string({ maxLength: 5 }), fc.integer().map(String)),
        postalCode: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('1012 LG', 'SW1A 1AA')),
        city: fc.string({ maxLength: 10 }),
        country: fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('NL', 'GB', 'uk', 'XX')),
        phoneNumber: fc.oneof(fc.string({ maxLength: 14 }), fc.constant('020 624 6500')),
        isDefault: fc.oneof(fc.boolean(), fc.string({ maxLength: 3 })),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      fc.jsonValue(),
      address,
      fc.record(
        {
          type: fc.constantFrom('card', 'paypal', 'sepa', 'cash'),
          cardNumber: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('4111111111111111')),
          expiryMonth: fc.oneof(fc.integer(), fc.string({ maxLength: 2 })),
          expiryYear: fc.oneof(fc.integer({ min: 1990, max: 2110 }), fc.double()),
          holderName: fc.string({ maxLength: 12 }),
          email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 10 })),
          iban: fc.string({ maxLength: 24 }),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          callbackUrl: fc.oneof(fc.webUrl(), fc.string({ maxLength: 20 }), fc.constant(null)),
          callbackFormat: fc.oneof(fc.constantFrom('json', 'xml', 'csv'), fc.constant(null)),
          firstName: fc.string({ maxLength: 8 }),
          lastName: fc.string({ maxLength: 8 }),
          phoneNumber: fc.oneof(fc.string({ maxLength: 14 }), fc.constant(null)),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 12 })),
          channel: fc.oneof(
            fc.constantFrom('albelli-nl', 'photobox-uk'),
            fc.string({ maxLength: 8 }),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        segment,
        segment,
        segment,
        fc.option(body, { nil: undefined }),
        fc.constantFrom('albelli-nl.localhost', 'evil.example.com', undefined),
        async ([method, route], a, b, c, payload, host) => {
          const values: Record<string, string> = { a, b, c };
          const url = route.replace(/:(\w)/g, (_m, name: string) =>
            encodeURIComponent(values[name]!),
          );
          const response = await server.app.inject({
            method: method as 'GET',
            url,
            headers: {
              authorization: `Bearer ${demo.accessToken}`,
              ...(host ? { host } : {}),
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
          });
          const label = `${method} ${url} ${JSON.stringify(payload)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const error = response.json() as {
              statusCode: number;
              message: string;
              field?: string;
            };
            expect(error.statusCode, label).toBe(response.statusCode);
            expect(typeof error.message, label).toBe('string');
            if (response.statusCode !== 404 || !/^Route /.test(error.message))
              expect(error.field, label).toEqual(expect.any(String));
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);
});
