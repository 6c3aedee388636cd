import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MERCHANDISE_CHANNEL_QUERY,
  MERCHANDISE_CHANNELS_QUERY,
  merchandiseChannelDataSchema,
  merchandiseChannelsDataSchema,
} from '@photo/core/api/schemas/merchandise';
import { voucherOfferSchema } from '@photo/core/api/schemas/voucher';
import type { OrderTestServer } from '../orders/order-test-server.ts';
import { startOrderTestServer } from '../orders/order-test-server.ts';

let t: OrderTestServer;
beforeAll(async () => {
  t = await startOrderTestServer({ parts: ['catalog'] });
}, 120_000);
afterAll(async () => t?.server.close());

const graphql = (query: string, variables?: unknown, operationName?: string) =>
  t.demo.send('POST', '/api/merchandise', { query, variables, operationName });

describe('merchandise GraphQL', () => {
  it('lists the channels of a vendor and locale', async () => {
    const { status, body } = await graphql(MERCHANDISE_CHANNELS_QUERY, {
      vendorId: 'Photobox',
      locale: 'en-GB',
    });
    expect(status).toBe(200);
    const { channels } = merchandiseChannelsDataSchema.parse(body.data);
    expect(channels.map((channel) => channel.ID).sort()).toEqual(['photobox-ie', 'photobox-uk']);
    expect(channels[0]!.Vendor).toEqual({ ID: 'Photobox', Locale: 'en-GB' });
    const none = await graphql(MERCHANDISE_CHANNELS_QUERY, { vendorId: 'Nobody', locale: 'en-GB' });
    expect(none.body).toEqual({ data: { channels: [] } });
  });

  it('answers a channel with its articles and options, the prints article among them', async () => {
    const { status, body } = await graphql(MERCHANDISE_CHANNEL_QUERY, { id: 'albelli-nl' });
    expect(status).toBe(200);
    const { channel } = merchandiseChannelDataSchema.parse(body.data);
    expect(channel).toMatchObject({
      ID: 'albelli-nl',
      Vendor: { ID: 'albelli', Locale: 'nl-NL' },
      ShopUrl: 'https://www.albelli.nl/',
      Currency: { ID: 'EUR' },
    });
    const prints = channel!.Articles.find((article) => article.ArticleType === 'PAP_910')!;
    expect(prints).toMatchObject({ Visible: true, PrintSize: '10x15', PageWidth: 152 });
    expect(prints.Options).toContainEqual({ Name: 'Paper', Values: ['glossy', 'matte'] });
    expect(channel!.Articles.some((article) => !article.Visible)).toBe(true);
    const swedish = await graphql(MERCHANDISE_CHANNEL_QUERY, { id: 'fotoalbum-se' });
    expect(swedish.body.data.channel.Currency.ID).toBe('SEK');
  });

  it('answers channel: null for an unknown ID (the client then has no channel ID)', async () => {
    const { status, body } = await graphql(MERCHANDISE_CHANNEL_QUERY, { id: 'nowhere' });
    expect(status).toBe(200);
    expect(body).toEqual({ data: { channel: null } });
  });

  it('answers 400 JSON naming the field for documents that do not parse, validate or fit', async () => {
    const cases: Array<[unknown, string]> = [
      [{ query: '{ channels(' }, 'body.query'],
      [{ query: '{ nothing }' }, 'body.query'],
      [{ query: 'mutation { channel(id: "x") { ID } }' }, 'body.query'],
      [{ query: MERCHANDISE_CHANNEL_QUERY, variables: {} }, 'body.variables'],
      [
        { query: MERCHANDISE_CHANNEL_QUERY, variables: { id: 'x' }, operationName: 'Other' },
        'body.operationName',
      ],
      [{ query: '' }, 'body.query'],
      [{ variables: {} }, 'body.query'],
      [{ query: 'x'.repeat(10_001) }, 'body.query'],
      [{ query: `{ ${'channel(id: "a") { ID } '.repeat(300)} }` }, 'body.query'],
    ];
    for (const [payload, field] of cases) {
      const { status, body } = await t.demo.send('POST', '/api/merchandise', payload);
      expect(status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(body.field, JSON.stringify(payload).slice(0, 80)).toBe(field);
      expect(body.statusCode).toBe(400);
    }
  });

  it('needs a token', async () => {
    const { status, body } = await t.anonymous.send('POST', '/api/merchandise', {
      query: MERCHANDISE_CHANNEL_QUERY,
      variables: { id: 'albelli-nl' },
    });
    expect([status, body.field]).toEqual([401, 'headers.authorization']);
  });
});

describe('voucher offers', () => {
  it('answers an offer by its option code, 404 for an unknown one', async () => {
    const { status, body } = await t.demo.get('/api/voucher/api/v1/campaigns/offers/PB-BOOK20');
    expect(status).toBe(200);
    expect(voucherOfferSchema.parse(body)).toMatchObject({
      discountType: 'percentage',
      discountValue: 20,
      articleTypes: ['BOOK_HC_A4', 'BOOK_SC_A5'],
    });
    const unknown = await t.demo.get('/api/voucher/api/v1/campaigns/offers/NOPE');
    expect([unknown.status, unknown.body.message, unknown.body.field]).toEqual([
      404,
      'Voucher not found',
      'params.voucherOptionCode',
    ]);
    const bad = await t.demo.get(
      `/api/voucher/api/v1/campaigns/offers/${encodeURIComponent('a b')}`,
    );
    expect([bad.status, bad.body.field]).toEqual([400, 'params.voucherOptionCode']);
  });
});
