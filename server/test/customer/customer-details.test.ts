import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { addressListSchema, addressSchema } from '@photo/core/api/schemas/address';
import { customerSchema } from '@photo/core/api/schemas/customer';
import { paymentMethodResponseSchema } from '@photo/core/api/schemas/payment-method';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCustomers } from '../../src/seed/customers.ts';
import { signIn } from '../../src/testing/sign-in.ts';
import { startTestServer } from '../../src/testing/test-server.ts';
import type { TestServer } from '../../src/testing/test-server.ts';
import { call } from '../mail/mailbox-client.ts';

let server: TestServer;
let demo: string;
let friend: string;
let business: string;
beforeAll(async () => {
  server = await startTestServer();
  await seedCustomers(server.app.deps.db);
  const token = async (email: string) =>
    (await signIn(server.origin, email, 'demo1234')).accessToken;
  demo = await token('demo@example.com');
  friend = await token('friend@example.com');
  business = await token('business@example.com');
});
afterAll(async () => {
  await server.close();
});

const api = (method: string, path: string, token: string, body?: unknown, host?: string) =>
  call(server.origin, method, `/api/customer/customers/me${path}`, { token, body, host });

const address = {
  type: 'normal',
  firstName: 'Anna',
  lastName: 'de Vries',
  streetName: 'Damrak',
  streetNumber: '12a',
  postalCode: '1012 LG',
  city: 'Amsterdam',
  country: 'NL',
  phoneNumber: '020 624 6500',
};

describe('personal details (PUT /customers/me)', () => {
  it('saves names and a phone number valid in the brand country', async () => {
    const response = await api(
      'PUT',
      '',
      friend,
      {
        firstName: '  Fran ',
        lastName: 'Jones',
        phoneNumber: '06 1234 5678',
      },
      `albelli-nl.localhost:${server.port}`,
    );
    expect(response.status).toBe(200);
    expect(customerSchema.parse(response.body)).toMatchObject({
      firstName: 'Fran',
      lastName: 'Jones',
      phoneNumber: '06 1234 5678',
      changed: true,
    });
    // The same national number is not a valid British one.
    const uk = await api(
      'PUT',
      '',
      friend,
      { firstName: 'Fran', lastName: 'Jones', phoneNumber: '06 1234 5678' },
      `photobox-uk.localhost:${server.port}`,
    );
    expect(uk).toMatchObject({
      status: 400,
      body: { message: 'Phone number must be valid', field: 'body.phoneNumber' },
    });
    const missing = await api('PUT', '', friend, { lastName: 'Jones' });
    expect(missing).toMatchObject({ status: 400, body: { field: 'body.firstName' } });
  });
});

describe('FTP integration (PATCH /customers/me)', () => {
  it('saves an https callback and its format for a business account', async () => {
    const response = await api('PATCH', '', business, {
      callbackUrl: 'https://erp.example.com/hooks/photos',
      callbackFormat: 'json',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      callbackUrl: 'https://erp.example.com/hooks/photos',
      callbackFormat: 'json',
    });
    // Absent fields stay; null clears.
    expect((await api('PATCH', '', business, { callbackFormat: 'xml' })).body).toMatchObject({
      callbackUrl: 'https://erp.example.com/hooks/photos',
      callbackFormat: 'xml',
    });
    expect((await api('PATCH', '', business, { callbackUrl: null })).body).toMatchObject({
      callbackUrl: null,
    });
  });

  it.each([
    'javascript:alert(1)',
    'ftp://files.example.com/in',
    'data:text/html,<b>x</b>',
    'not a url',
    'https://',
  ])('refuses callbackUrl %s with 400 naming body.callbackUrl', async (callbackUrl) => {
    const response = await api('PATCH', '', business, { callbackUrl });
    expect(response).toMatchObject({
      status: 400,
      body: { message: 'Callback URL must be an http or https URL', field: 'body.callbackUrl' },
    });
  });

  it('refuses an unknown format and consumers', async () => {
    expect(await api('PATCH', '', business, { callbackFormat: 'csv' })).toMatchObject({
      status: 400,
      body: { field: 'body.callbackFormat' },
    });
    expect(await api('PATCH', '', demo, { callbackUrl: 'https://example.com/' })).toMatchObject({
      status: 403,
    });
  });
});

describe('addresses', () => {
  it('lists the seeded addresses, default first, for the caller only', async () => {
    const demoList = addressListSchema.parse((await api('GET', '/addresses', demo)).body);
    expect(demoList.items.map((a) => [a.city, a.isDefault])).toEqual([
      ['London', true],
      ['Amsterdam', false],
    ]);
    const businessList = addressListSchema.parse((await api('GET', '/addresses', business)).body);
    expect(businessList.items[0]).toMatchObject({
      type: 'business',
      companyName: 'Fotostudio Jansen B.V.',
      vatNumber: 'NL123456789B01',
    });
    expect(addressListSchema.parse((await api('GET', '/addresses', friend)).body).items).toEqual(
      [],
    );
  });

  it('adds, changes and deletes an address; another customer’s id is refused', async () => {
    const created = await api('POST', '/addresses', friend, { ...address, isDefault: false });
    expect(created.status).toBe(201);
    const saved = addressSchema.parse(created.body);
    expect(saved).toMatchObject({
      city: 'Amsterdam',
      country: 'NL',
      isDefault: true,
      companyName: null,
    });

    const changed = await api('PUT', `/addresses/${saved.id}`, friend, {
      ...address,
      country: 'BE',
      postalCode: '1000',
      city: 'Brussel',
      phoneNumber: '02 511 12 12',
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { id: saved.id, city: 'Brussel', country: 'BE', isDefault: true },
    });

    // Demo cannot see, change or delete friend's address.
    expect(await api('PUT', `/addresses/${saved.id}`, demo, address)).toMatchObject({
      status: 404,
      body: { field: 'params.id' },
    });
    expect(await api('DELETE', `/addresses/${saved.id}`, demo)).toMatchObject({
      status: 404,
      body: { field: 'params.id' },
    });
    expect((await api('GET', '/addresses', demo)).body.items).not.toContainEqual(
      expect.objectContaining({ id: saved.id }),
    );

    expect((await api('DELETE', `/addresses/${saved.id}`, friend)).status).toBe(204);
    expect((await api('DELETE', `/addresses/${saved.id}`, friend)).status).toBe(404);
    expect((await api('GET', '/addresses', friend)).body.items).toEqual([]);
  });

  it('keeps one default address', async () => {
    const first = addressSchema.parse((await api('POST', '/addresses', friend, address)).body);
    const second = addressSchema.parse(
      (await api('POST', '/addresses', friend, { ...address, streetNumber: '14', isDefault: true }))
        .body,
    );
    expect(second.isDefault).toBe(true);
    const list = addressListSchema.parse((await api('GET', '/addresses', friend)).body).items;
    expect(list.filter((a) => a.isDefault).map((a) => a.id)).toEqual([second.id]);
    await api('DELETE', `/addresses/${second.id}`, friend);
    expect(addressListSchema.parse((await api('GET', '/addresses', friend)).body).items).toEqual([
      expect.objectContaining({ id: first.id, isDefault: true }),
    ]);
    await api('DELETE', `/addresses/${first.id}`, friend);
  });

  it.each([
    ['NL', { postalCode: '0123 AB' }, 'postalCode', 'Postal Code must be valid'],
    [
      'GB',
      { country: 'GB', postalCode: '1012 LG', phoneNumber: '020 7946 0018' },
      'postalCode',
      'Postal Code must be valid',
    ],
    [
      'FR',
      { country: 'FR', postalCode: '99000', phoneNumber: '01 23 45 67 89' },
      'postalCode',
      'Postal Code must be valid',
    ],
    ['NL', { phoneNumber: '12345' }, 'phoneNumber', 'Phone number must be valid'],
    [
      'DE',
      { country: 'DE', postalCode: '10115', phoneNumber: '0123' },
      'phoneNumber',
      'Phone number must be valid',
    ],
    ['NL', { streetNumber: 'zero' }, 'streetNumber', 'Street number must be valid'],
    [
      'ES',
      { country: 'ES', postalCode: '28013', phoneNumber: '912 345 678', streetNumber: '0' },
      'streetNumber',
      'Street number must be valid',
    ],
    ['NL', { streetName: '<script>' }, 'streetName', 'Street name must be valid'],
    [
      'SE',
      { country: 'SE', postalCode: '111 22', phoneNumber: '08-123 456 78', streetName: '42' },
      'streetName',
      'Street name must be valid',
    ],
  ])('%s: %o → 400 "%s" on body.%s', async (_country, change, field, message) => {
    const response = await api('POST', '/addresses', friend, { ...address, ...change });
    expect(response).toMatchObject({
      status: 400,
      body: { statusCode: 400, message, field: `body.${field}` },
    });
  });

  it('business addresses: company name required, VAT checked, consumers refused', async () => {
    const business1 = {
      ...address,
      type: 'business',
      companyName: 'Foto BV',
      vatNumber: 'nl 1234.56.789.b01',
    };
    const created = await api('POST', '/addresses', business, business1);
    expect(created).toMatchObject({
      status: 201,
      body: { type: 'business', companyName: 'Foto BV', vatNumber: 'NL123456789B01' },
    });
    expect(
      await api('POST', '/addresses', business, { ...business1, companyName: '' }),
    ).toMatchObject({ status: 400, body: { field: 'body.companyName' } });
    expect(
      await api('POST', '/addresses', business, { ...business1, vatNumber: '12' }),
    ).toMatchObject({ status: 400, body: { field: 'body.vatNumber' } });
    expect(await api('POST', '/addresses', friend, business1)).toMatchObject({
      status: 400,
      body: { field: 'body.type' },
    });
  });

  it('answers malformed input with 4xx JSON naming the field', async () => {
    expect(await api('PUT', '/addresses/not-a-uuid', friend, address)).toMatchObject({
      status: 400,
      body: { field: 'params.id' },
    });
    expect(await api('POST', '/addresses', friend, { ...address, country: 'US' })).toMatchObject({
      status: 400,
      body: { field: 'body.country' },
    });
    expect(
      await api('POST', '/addresses', friend, { ...address, city: 'x'.repeat(61) }),
    ).toMatchObject({ status: 400, body: { field: 'body.city' } });
    expect(await api('POST', '/addresses', friend, [address])).toMatchObject({
      status: 400,
      body: { field: 'body' },
    });
    expect((await call(server.origin, 'GET', '/api/customer/customers/me/addresses')).status).toBe(
      401,
    );
  });
});

describe('payment method', () => {
  it('keeps a card as brand + last four + expiry, never the number', async () => {
    expect((await api('GET', '/payment-method', friend)).body).toEqual({ paymentMethod: null });
    const year = new Date().getFullYear() + 2;
    const saved = await api('PUT', '/payment-method', friend, {
      type: 'card',
      cardNumber: '5555 5555 5555 4444',
      expiryMonth: 7,
      expiryYear: year,
      holderName: 'Fran Jones',
    });
    expect(saved.status).toBe(200);
    expect(paymentMethodResponseSchema.parse(saved.body).paymentMethod).toMatchObject({
      type: 'card',
      cardBrand: 'mastercard',
      last4: '4444',
      expiryMonth: 7,
      expiryYear: year,
      holderName: 'Fran Jones',
    });
    expect(JSON.stringify((await api('GET', '/payment-method', friend)).body)).not.toContain(
      '5555555555554444',
    );
    const row = await server.app.deps.db
      .selectFrom('payment_methods')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.token).toMatch(/^pm_[\w-]{32}$/);
    // Nowhere in the database files either (the SQLite file and its write-ahead log).
    const files = readdirSync(server.dataDir).filter((file) => file.startsWith('app.db'));
    for (const file of files) {
      const bytes = readFileSync(join(server.dataDir, file));
      expect(bytes.includes('5555555555554444'), file).toBe(false);
      expect(bytes.includes('5555 5555 5555 4444'), file).toBe(false);
    }
  });

  it('replaces it with PayPal or SEPA, and deletes it', async () => {
    expect(
      (
        await api('PUT', '/payment-method', friend, {
          type: 'sepa',
          iban: 'NL91 ABNA 0417 1643 00',
          holderName: 'Fran Jones',
        })
      ).body,
    ).toMatchObject({
      paymentMethod: { type: 'sepa', last4: '4300', cardBrand: null },
    });
    expect(
      (await api('PUT', '/payment-method', friend, { type: 'paypal', email: 'Fran@Example.com' }))
        .body,
    ).toMatchObject({
      paymentMethod: { type: 'paypal', paypalEmail: 'fran@example.com', last4: null },
    });
    expect((await api('GET', '/payment-method', demo)).body).toEqual({ paymentMethod: null });
    expect((await api('DELETE', '/payment-method', friend)).status).toBe(204);
    expect((await api('DELETE', '/payment-method', friend)).status).toBe(404);
  });

  it.each([
    [
      {
        type: 'card',
        cardNumber: '4111 1111 1111 1112',
        expiryMonth: 1,
        expiryYear: 2099,
        holderName: 'A B',
      },
      'body.cardNumber',
      'Card number must be valid',
    ],
    [
      {
        type: 'card',
        cardNumber: '4111111111111111',
        expiryMonth: 1,
        expiryYear: 2001,
        holderName: 'A B',
      },
      'body.expiryMonth',
      'Expiry date must be in the future',
    ],
    [
      {
        type: 'card',
        cardNumber: '4111111111111111',
        expiryMonth: 13,
        expiryYear: 2099,
        holderName: 'A B',
      },
      'body.expiryMonth',
      undefined,
    ],
    [
      { type: 'sepa', iban: 'NL91ABNA0417164301', holderName: 'A B' },
      'body.iban',
      'IBAN must be valid',
    ],
    [{ type: 'cash' }, 'body.type', undefined],
  ])('refuses %o naming %s', async (body, field, message) => {
    const response = await api('PUT', '/payment-method', friend, body);
    expect(response).toMatchObject({
      status: 400,
      body: { field, ...(message ? { message } : {}) },
    });
  });
});

describe('business status demo users', () => {
  it.each([
    ['business@example.com', 'Default'],
    ['business-new@example.com', 'New'],
    ['business-blocked@example.com', 'Blocked'],
  ])('%s has status %s', async (email, status) => {
    const session = await signIn(server.origin, email, 'demo1234');
    expect(session.claims.authentication_method).toBe('b2b');
    expect(
      (
        await call(server.origin, 'GET', '/api/customer/customers/me', {
          token: session.accessToken,
        })
      ).body.status,
    ).toBe(status);
  });
});
