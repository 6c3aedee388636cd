/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are checked with the shared schemas or field by field */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeRecipient,
  galleryEntrySchema,
  widgetListResponseSchema,
  widgetSchema,
} from '@photo/core/api/schemas/widget';
import { brandForHost } from '../../src/mail/brand-context.ts';
import { listReceivedMail } from '../../src/mail/mailbox-repository.ts';
import { serverTexts } from '../../src/mail/server-texts.ts';
import { widgetShareMail } from '../../src/modules/widgets/widget-share-mail.ts';
import { SHARES_PER_HOUR } from '../../src/modules/widgets/widgets-routes.ts';
import { demoOrderCode } from '../../src/seed/orders.ts';
import type { OrderTestServer } from '../orders/order-test-server.ts';
import { startOrderTestServer } from '../orders/order-test-server.ts';

let t: OrderTestServer;
beforeAll(async () => {
  t = await startOrderTestServer();
}, 120_000);
afterAll(async () => t?.server.close());

const widgets = '/api/widgets';

async function allWidgets() {
  return widgetListResponseSchema.parse(
    (await t.demo.get(`${widgets}/v1/widget/all?pageSize=100`)).body,
  ).widgets;
}

describe('widgets', () => {
  it('lists the caller’s widgets, page 1 by default, filtered by order codes', async () => {
    const { status, body } = await t.demo.get(`${widgets}/v1/widget/all`);
    expect(status).toBe(200);
    const list = widgetListResponseSchema.parse(body);
    expect([list.page, list.pageSize, list.total]).toEqual([1, 10, 4]);
    expect(list.widgets.filter((w) => w.galleryEntryId).length).toBe(3);
    expect(list.widgets.filter((w) => w.sharedAt).length).toBe(1);
    const second = widgetListResponseSchema.parse(
      (await t.demo.get(`${widgets}/v1/widget/all?page=2&pageSize=3`)).body,
    );
    expect(second.widgets.length).toBe(1);
    const code = list.widgets[0]!.orderCode;
    const filtered = widgetListResponseSchema.parse(
      (await t.demo.get(`${widgets}/v1/widget/all?orderCodes=${code},PB0000000`)).body,
    );
    expect(filtered.widgets.every((w) => w.orderCode === code)).toBe(true);
    expect(filtered.total).toBe(filtered.widgets.length);
    const none = await t.demo.get(`${widgets}/v1/widget/all?orderCodes=`);
    expect(none.body.total).toBe(0);
    expect((await t.friend.get(`${widgets}/v1/widget/all`)).body.total).toBe(0);
    for (const [query, field] of [
      ['page=0', 'query.page'],
      ['pageSize=101', 'query.pageSize'],
      ['orderCodes=%3Cscript%3E', 'query.orderCodes'],
    ]) {
      const bad = await t.demo.get(`${widgets}/v1/widget/all?${query}`);
      expect([bad.status, bad.body.field], query).toEqual([400, field]);
    }
  });

  it('answers a widget by product code, and 401 when there is none (also for someone else’s)', async () => {
    const [widget] = await allWidgets();
    const { status, body } = await t.demo.get(`${widgets}/v1/widget/${widget!.code}`);
    expect(status).toBe(200);
    expect(widgetSchema.parse(body).id).toBe(widget!.id);
    for (const [user, code] of [
      [t.demo, `${demoOrderCode('demo', 'paymentPending')}-1`],
      [t.friend, widget!.code],
    ] as const) {
      const none = await user.get(`${widgets}/v1/widget/${code}`);
      expect([none.status, none.body.field]).toEqual([401, 'params.code']);
    }
  });

  it('creates a widget for an ordered product (201), then 409; 404 for products not the caller’s', async () => {
    const code = `${demoOrderCode('demo', 'created29Days')}-1`;
    const created = await t.demo.send('POST', `${widgets}/v1/widget/${code}`, {
      title: 'Our book',
    });
    expect(created.status).toBe(201);
    const widget = widgetSchema.parse(created.body);
    expect(widget).toMatchObject({
      code,
      orderCode: demoOrderCode('demo', 'created29Days'),
      title: 'Our book',
      vendorId: 'Photobox',
      sharedAt: null,
    });
    expect(new URL(widget.shopUrl).origin).toBe('https://www.photobox.co.uk');
    const again = await t.demo.send('POST', `${widgets}/v1/widget/${code}`);
    expect([again.status, again.body.field]).toEqual([409, 'params.code']);
    const foreign = await t.friend.send('POST', `${widgets}/v1/widget/${code}`);
    expect([foreign.status, foreign.body.field]).toEqual([404, 'params.code']);
    const cancelled = await t.demo.send(
      'POST',
      `${widgets}/v1/widget/${demoOrderCode('demo', 'cancelled')}-1`,
    );
    expect(cancelled.status).toBe(409);
    const badTitle = await t.demo.send('POST', `${widgets}/v1/widget/${code}`, { title: '' });
    expect([badTitle.status, badTitle.body.field]).toEqual([400, 'body.title']);
  });

  it('deletes a widget with its gallery entry (204), then 404', async () => {
    const code = `${demoOrderCode('demo', 'history2')}-1`;
    expect((await t.demo.send('POST', `${widgets}/v1/widget/${code}`)).status).toBe(201);
    const widget = widgetSchema.parse((await t.demo.get(`${widgets}/v1/widget/${code}`)).body);
    const entry = await t.demo.send('POST', `${widgets}/v1/galleryentries/`, {
      widgetId: widget.id,
      channel: 'photobox-uk',
      title: 'Temp',
      categories: [],
    });
    expect(entry.status).toBe(201);
    expect((await t.friend.send('DELETE', `${widgets}/v1/widget/${code}`)).status).toBe(404);
    expect((await t.demo.send('DELETE', `${widgets}/v1/widget/${code}`)).status).toBe(204);
    expect((await t.demo.send('DELETE', `${widgets}/v1/widget/${code}`)).status).toBe(404);
    expect(
      (await t.demo.get(`${widgets}/v1/galleryentries/${entry.body.id}?channel=photobox-uk`))
        .status,
    ).toBe(404);
  });

  it('names a widget made without a title after its product in the brand host’s language; a chosen title stays', async () => {
    const code = `${demoOrderCode('demo', 'history1')}-1`;
    expect(
      (await t.demo.send('POST', `${widgets}/v1/widget/${code}`, { title: 'Hardcover' })).status,
    ).toBe(201);
    const english = await allWidgets();
    const dutch = widgetListResponseSchema.parse(
      (await t.demo.getOnHost('albelli-nl.localhost', `${widgets}/v1/widget/all?pageSize=100`))
        .body,
    ).widgets;
    const titles = (list: typeof english) => new Map(list.map((w) => [w.code, w.title]));
    const [en, nl] = [titles(english), titles(dutch)];
    const seeded = english.find((w) => w.title === 'Hardcover photo book A4')!;
    expect(nl.get(seeded.code)).toBe('Fotoboek hardcover A4');
    expect([en.get(code), nl.get(code)]).toEqual(['Hardcover', 'Hardcover']);
    const one = await t.demo.getOnHost(
      'albelli-at.localhost',
      `${widgets}/v1/widget/${seeded.code}`,
    );
    expect(widgetSchema.parse(one.body).title).toBe('Fotobuch Hardcover A4');
    expect((await t.demo.send('DELETE', `${widgets}/v1/widget/${code}`)).status).toBe(204);
  });

  it('refuses business accounts: widgets are for consumers', async () => {
    const { status, body } = await t.business.get(`${widgets}/v1/widget/all`);
    expect([status, body.field]).toEqual([403, 'headers.authorization']);
  });
});

describe('widget share by e-mail', () => {
  it('decodes the base64 recipient, sends the mail and keeps the share on the widget', async () => {
    const [widget] = await allWidgets();
    const to = 'Oma.Jansen@example.com';
    const query = new URLSearchParams({
      vendorId: 'Photobox',
      fromName: 'Alex',
      personalMessage: 'Look at <our> book!',
      toEmailAddress: encodeRecipient(to),
    });
    const { status, body } = await t.demo.send(
      'PUT',
      `${widgets}/v1/widget/${widget!.code}/share?${query}`,
    );
    expect(status).toBe(200);
    expect(widgetSchema.parse(body)).toMatchObject({
      senderName: 'Alex',
      recipientEmail: to,
      personalMessage: 'Look at <our> book!',
    });
    const [mail] = await listReceivedMail(t.server.app.deps.db, { to, limit: 5 });
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`Alex shared “${widget!.title}” with you`);
    expect(mail!.text).toContain('Alex writes: “Look at <our> book!”');
    expect(mail!.html).toContain('Look at &#60;our&#62; book!');
    expect(mail!.html).not.toContain('<our>');
    expect(mail!.links).toContain(widget!.shopUrl);
  });

  it('writes the mail in the brand’s language', () => {
    const brand = brandForHost('albelli-nl.localhost', {
      publicOrigin: 'http://localhost:1',
      port: 1,
    });
    const mail = widgetShareMail(serverTexts(), {
      brand,
      to: 'oma@example.com',
      fromName: 'Sam',
      title: 'Vakantieboek',
      personalMessage: 'Kijk eens!',
      url: 'https://www.albelli.nl/producten',
    });
    expect(mail.subject).toBe('Sam deelt “Vakantieboek” met je');
    expect(mail.text).toContain('Sam schrijft: “Kijk eens!”');
    expect(mail.html).toContain('lang="nl-NL"');
  });

  it('answers 400 naming the field for a bad recipient, sender or vendor', async () => {
    const [widget] = await allWidgets();
    const base = {
      vendorId: 'Photobox',
      fromName: 'Alex',
      personalMessage: '',
      toEmailAddress: encodeRecipient('a@example.com'),
    };
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...base, toEmailAddress: 'not base64!' }, 'query.toEmailAddress'],
      [{ ...base, toEmailAddress: encodeRecipient('not an address') }, 'query.toEmailAddress'],
      [{ ...base, toEmailAddress: 'a@example.com' }, 'query.toEmailAddress'],
      [{ ...base, fromName: '   ' }, 'query.fromName'],
      [{ ...base, vendorId: 'albelli' }, 'query.vendorId'],
      [{ ...base, personalMessage: 'x'.repeat(1001) }, 'query.personalMessage'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await t.demo.send(
        'PUT',
        `${widgets}/v1/widget/${widget!.code}/share?${new URLSearchParams(query)}`,
      );
      expect([status, body.field], JSON.stringify(query)).toEqual([400, field]);
    }
    const { toEmailAddress: _omit, ...missing } = base;
    const none = await t.demo.send(
      'PUT',
      `${widgets}/v1/widget/${widget!.code}/share?${new URLSearchParams(missing)}`,
    );
    expect([none.status, none.body.field]).toEqual([400, 'query.toEmailAddress']);
    const foreign = await t.friend.send(
      'PUT',
      `${widgets}/v1/widget/${widget!.code}/share?${new URLSearchParams(base)}`,
    );
    expect(foreign.status).toBe(404);
  });

  it(`stops after ${SHARES_PER_HOUR} shares an hour with 429`, async () => {
    const [widget] = await allWidgets();
    let last = 0;
    for (let i = 0; i < SHARES_PER_HOUR + 1 && last !== 429; i += 1) {
      const query = new URLSearchParams({
        vendorId: 'Photobox',
        fromName: 'Alex',
        toEmailAddress: encodeRecipient(`friend${i}@example.com`),
      });
      last = (await t.demo.send('PUT', `${widgets}/v1/widget/${widget!.code}/share?${query}`))
        .status;
    }
    expect(last).toBe(429);
  });
});

describe('gallery', () => {
  it('lists categories', async () => {
    const { body } = await t.demo.get(`${widgets}/v1/categories`);
    expect(body.categories.map((c: any) => c.name)).toEqual([
      'Wedding',
      'Travel',
      'Family',
      'Baby',
      'Pets',
      'Nature',
      'Celebrations',
      'Seasons',
    ]);
  });

  it('reads, updates and deletes an entry in its channel; other channels and users get 404', async () => {
    const widget = (await allWidgets()).find((w) => w.galleryEntryId)!;
    const id = widget.galleryEntryId!;
    const read = await t.demo.get(`${widgets}/v1/galleryentries/${id}?channel=photobox-uk`);
    expect(read.status).toBe(200);
    expect(galleryEntrySchema.parse(read.body).widgetId).toBe(widget.id);
    const otherChannel = await t.demo.get(`${widgets}/v1/galleryentries/${id}?channel=albelli-nl`);
    expect([otherChannel.status, otherChannel.body.field]).toEqual([404, 'query.channel']);
    expect(
      (await t.friend.get(`${widgets}/v1/galleryentries/${id}?channel=photobox-uk`)).status,
    ).toBe(404);
    const missingChannel = await t.demo.get(`${widgets}/v1/galleryentries/${id}`);
    expect([missingChannel.status, missingChannel.body.field]).toEqual([400, 'query.channel']);

    const updated = await t.demo.send(
      'PUT',
      `${widgets}/v1/galleryentries/${widget.id}?channel=photobox-uk`,
      { title: 'Renamed', categories: ['Seasons', 'Pets'] },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'Renamed', categories: ['Pets', 'Seasons'] });
    const unknown = await t.demo.send(
      'PUT',
      `${widgets}/v1/galleryentries/${widget.id}?channel=photobox-uk`,
      { categories: ['Cars'] },
    );
    expect([unknown.status, unknown.body.field]).toEqual([400, 'body.categories']);
    const foreignUpdate = await t.friend.send(
      'PUT',
      `${widgets}/v1/galleryentries/${widget.id}?channel=photobox-uk`,
      { title: 'Mine now' },
    );
    expect(foreignUpdate.status).toBe(404);

    expect(
      (await t.friend.send('DELETE', `${widgets}/v1/galleryentries/${id}?channel=photobox-uk`))
        .status,
    ).toBe(404);
    expect(
      (await t.demo.send('DELETE', `${widgets}/v1/galleryentries/${id}?channel=photobox-uk`))
        .status,
    ).toBe(204);
    expect(
      (await t.demo.get(`${widgets}/v1/galleryentries/${id}?channel=photobox-uk`)).status,
    ).toBe(404);
  });

  it('creates one entry per widget with known categories', async () => {
    const widget = (await allWidgets()).find((w) => !w.galleryEntryId)!;
    const body = {
      widgetId: widget.id,
      channel: 'photobox-uk',
      title: 'New',
      categories: ['Travel'],
    };
    const created = await t.demo.send('POST', `${widgets}/v1/galleryentries/`, body);
    expect(created.status).toBe(201);
    expect(galleryEntrySchema.parse(created.body).categories).toEqual(['Travel']);
    const again = await t.demo.send('POST', `${widgets}/v1/galleryentries/`, body);
    expect([again.status, again.body.field]).toEqual([409, 'body.widgetId']);
    const foreign = await t.friend.send('POST', `${widgets}/v1/galleryentries/`, body);
    expect([foreign.status, foreign.body.field]).toEqual([404, 'body.widgetId']);
    const channel = await t.demo.send('POST', `${widgets}/v1/galleryentries/`, {
      ...body,
      channel: 'albelli-nl',
    });
    expect([channel.status, channel.body.field]).toEqual([400, 'body.channel']);
    const many = await t.demo.send('POST', `${widgets}/v1/galleryentries/`, {
      ...body,
      categories: Array.from({ length: 11 }, () => 'Travel'),
    });
    expect([many.status, many.body.field]).toEqual([400, 'body.categories']);
  });

  it('tells anyone, without a token, whether an order is blocked', async () => {
    const results = await Promise.all(
      (await allWidgets()).map(
        async (w) => (await t.anonymous.get(`${widgets}/v1/blockedorders/${w.orderCode}`)).body,
      ),
    );
    expect(results.filter((r) => r.blocked).length).toBe(1);
    const unknown = await t.anonymous.get(`${widgets}/v1/blockedorders/PB0000000`);
    expect(unknown.body).toEqual({ orderCode: 'PB0000000', blocked: false });
    const bad = await t.anonymous.get(`${widgets}/v1/blockedorders/${encodeURIComponent('a;b')}`);
    expect([bad.status, bad.body.field]).toEqual([400, 'params.id']);
  });
});
