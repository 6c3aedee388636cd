import { encodeRecipient, widgetListResponseSchema } from '@photo/core/api/schemas/widget';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listReceivedMail } from '../../src/mail/mailbox-repository.ts';
import { seedCustomers } from '../../src/seed/customers.ts';
import { demoOrderCode } from '../../src/seed/orders.ts';
import type { OrderTestServer } from '../orders/order-test-server.ts';
import { startOrderTestServer } from '../orders/order-test-server.ts';

/**
 * Names and free text that end up in a mail or a header refuse control and bidirectional-control
 * characters with 400 naming the field (docs/product.md#validation), so a CR/LF can neither start
 * a header nor forge a line, and nothing refused is stored.
 */
let t: OrderTestServer;
beforeAll(async () => {
  t = await startOrderTestServer();
  await seedCustomers(t.server.app.deps.db);
}, 120_000);
afterAll(async () => t?.server.close());

const HOSTILE = ['Alex\r\nBcc: victim@example.com', 'Alex\nX', 'A\u0000B', 'A\u0007', 'x\u202Ey'];

async function firstWidget() {
  const list = widgetListResponseSchema.parse(
    (await t.demo.get('/api/widgets/v1/widget/all?pageSize=100')).body,
  );
  return list.widgets[0]!;
}

describe('widget share', () => {
  const share = (code: string, query: Record<string, string>) =>
    t.demo.send('PUT', `/api/widgets/v1/widget/${code}/share?${new URLSearchParams(query)}`);
  const base = {
    vendorId: 'Photobox',
    fromName: 'Alex',
    personalMessage: '',
    toEmailAddress: encodeRecipient('control@example.com'),
  };

  it('refuses a sender name with control characters, sends nothing and stores nothing', async () => {
    const widget = await firstWidget();
    for (const fromName of HOSTILE) {
      const { status, body } = await share(widget.code, { ...base, fromName });
      expect([status, body.field], JSON.stringify(fromName)).toEqual([400, 'query.fromName']);
    }
    expect(
      await listReceivedMail(t.server.app.deps.db, { to: 'control@example.com', limit: 5 }),
    ).toEqual([]);
    const after = (await t.demo.get(`/api/widgets/v1/widget/${widget.code}`)).body;
    expect(after.senderName).toBe(widget.senderName);
  });

  it('refuses control characters in the personal message but keeps its line breaks', async () => {
    const widget = await firstWidget();
    for (const personalMessage of ['Hi\u0000', 'Hi\u001b[31m', 'x\u202Ey']) {
      const { status, body } = await share(widget.code, { ...base, personalMessage });
      expect([status, body.field], JSON.stringify(personalMessage)).toEqual([
        400,
        'query.personalMessage',
      ]);
    }
    const ok = await share(widget.code, {
      ...base,
      toEmailAddress: encodeRecipient('lines@example.com'),
      personalMessage: 'Line one\r\nLine two\nLine three',
    });
    expect(ok.status).toBe(200);
    const [mail] = await listReceivedMail(t.server.app.deps.db, {
      to: 'lines@example.com',
      limit: 1,
    });
    expect(mail!.text).toContain('Line one');
    expect(mail!.text).toContain('Line three');
  });

  it('refuses a widget title with control characters (it becomes the mail subject)', async () => {
    const code = `${demoOrderCode('demo', 'created29Days')}-1`;
    for (const title of HOSTILE) {
      const { status, body } = await t.demo.send('POST', `/api/widgets/v1/widget/${code}`, {
        title,
      });
      expect([status, body.field], JSON.stringify(title)).toEqual([400, 'body.title']);
    }
    // Nothing was created by the refused requests.
    expect((await t.demo.get(`/api/widgets/v1/widget/${code}`)).status).toBe(401);
  });
});

describe('names and addresses', () => {
  const address = {
    type: 'normal',
    firstName: 'Anna',
    lastName: 'de Vries',
    streetName: 'Damrak',
    streetNumber: '12a',
    postalCode: '1012 LG',
    city: 'Amsterdam',
    country: 'NL',
    phoneNumber: '+31 20 624 6500',
  };

  it('refuses them in customer addresses, naming the field', async () => {
    for (const field of ['firstName', 'lastName', 'city', 'companyName', 'addressLine2']) {
      for (const value of HOSTILE) {
        const { status, body } = await t.friend.send(
          'POST',
          '/api/customer/customers/me/addresses',
          { ...address, [field]: value },
        );
        expect([status, body.field], `${field} ${JSON.stringify(value)}`).toEqual([
          400,
          `body.${field}`,
        ]);
      }
    }
    const list = (await t.friend.get('/api/customer/customers/me/addresses')).body;
    expect(list.items).toEqual([]);
    // Ordinary names with accents, apostrophes and non-Latin letters still pass.
    const fine = await t.friend.send('POST', '/api/customer/customers/me/addresses', {
      ...address,
      firstName: 'Zoë',
      lastName: 'O’Brien-Łukasz 佐藤',
    });
    expect(fine.status).toBe(201);
  });

  it('refuses them in personal details, naming the field', async () => {
    for (const field of ['firstName', 'lastName']) {
      const { status, body } = await t.friend.send('PUT', '/api/customer/customers/me', {
        firstName: 'Fran',
        lastName: 'Jones',
        [field]: 'Fran\r\nJones',
      });
      expect([status, body.field]).toEqual([400, `body.${field}`]);
    }
  });

  it('refuses them in a new delivery address, naming the field', async () => {
    const code = demoOrderCode('demo', 'onHold');
    const home = {
      firstName: 'Alex',
      lastName: 'Demo',
      streetName: 'Abbey Road',
      streetNumber: '3',
      postalCode: 'NW8 9AY',
      city: 'London',
      country: 'GB',
      phoneNumber: '+44 20 7946 0000',
    };
    for (const field of ['firstName', 'lastName', 'city', 'addressLine2']) {
      const { status, body } = await t.demo.send(
        'PUT',
        `/api/orders/v1/superorders/${code}/deliveryAddress`,
        { deliveryType: 'Home', address: { ...home, [field]: 'London\r\nX' } },
      );
      expect([status, body.field], field).toEqual([400, `body.address.${field}`]);
    }
  });

  it('refuses them in album names, with the album rule’s message', async () => {
    for (const name of HOSTILE) {
      const { status, body } = await t.demo.send('POST', '/api/photo/albums', { name });
      expect([status, body.field, body.message], JSON.stringify(name)).toEqual([
        400,
        'body.name',
        expect.stringContaining('Name not valid'),
      ]);
    }
  });
});
