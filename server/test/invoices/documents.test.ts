import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historicalInvoicesResponseSchema } from '@photo/core/api/schemas/invoice';
import { productPdfsResponseSchema, productSchema } from '@photo/core/api/schemas/product';
import { removeUserDocuments, userDocumentsDir } from '../../src/modules/orders/order-documents.ts';
import { demoOrderCode } from '../../src/seed/orders.ts';
import type { OrderTestServer } from '../orders/order-test-server.ts';
import { startOrderTestServer } from '../orders/order-test-server.ts';
import { moneyText, pdfText } from './pdf-text.ts';

let t: OrderTestServer;
beforeAll(async () => {
  t = await startOrderTestServer();
}, 120_000);
afterAll(async () => t?.server.close());

const invoices = '/api/invoices';
const products = '/api/products';

describe('historical invoices', () => {
  it('lists the business user’s invoices newest first; a consumer has none', async () => {
    const { status, body } = await t.business.get(`${invoices}/api/v1/HistoricalInvoice/me`);
    expect(status).toBe(200);
    const list = historicalInvoicesResponseSchema.parse(body).historicalInvoices;
    expect(list.length).toBeGreaterThan(10);
    expect(list.every((invoice) => invoice.channel === 'albelli-nl')).toBe(true);
    const issued = list.map((invoice) => invoice.issuedAt);
    expect(issued).toEqual([...issued].sort().reverse());
    const demo = await t.demo.get(`${invoices}/api/v1/HistoricalInvoice/me`);
    expect(demo.body).toEqual({ historicalInvoices: [] });
  });

  it('downloads an invoice PDF that a PDF reader opens, with the order’s lines and total in euros', async () => {
    const list = historicalInvoicesResponseSchema.parse(
      (await t.business.get(`${invoices}/api/v1/HistoricalInvoice/me`)).body,
    ).historicalInvoices;
    const code = demoOrderCode('business', 'dispatchedPayment15Days');
    const invoice = list.find((entry) => entry.orderRef === code)!;
    expect(invoice).toBeDefined();
    const { status, bytes, headers } = await t.business.bytes(
      `${invoices}/api/v1/HistoricalInvoice/me/pdf/${invoice.id}/${invoice.channel}`,
    );
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/pdf');
    expect(headers.get('content-disposition')).toBe(
      `attachment; filename="${invoice.invoiceNumber}.pdf"`,
    );
    expect(Number(headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(bytes);
    expect(pages).toBe(1);
    const order = (await t.business.get(`/api/orders/v1/superorders/${code}`)).body;
    expect(text[0]).toContain(`Invoice ${invoice.invoiceNumber}`);
    expect(text[0]).toContain(code);
    for (const line of order.orders) expect(text[0]).toContain(line.title);
    const total = moneyText(invoice.total.amount, 'EUR', 'nl-NL');
    expect(total).toMatch(/^€ \d/);
    expect(text[0]).toContain(`Total ${total}`);
    expect(invoice.total.amount).toBe(order.total.amount);
  });

  it('answers 404 for another channel, another user’s invoice and an unknown one', async () => {
    const [invoice] = historicalInvoicesResponseSchema.parse(
      (await t.business.get(`${invoices}/api/v1/HistoricalInvoice/me`)).body,
    ).historicalInvoices;
    const path = `${invoices}/api/v1/HistoricalInvoice/me/pdf/${invoice!.id}`;
    const channel = await t.business.get(`${path}/photobox-uk`);
    expect([channel.status, channel.body.field]).toEqual([404, 'params.channel']);
    const foreign = await t.demo.get(`${path}/albelli-nl`);
    expect([foreign.status, foreign.body.field]).toEqual([404, 'params.id']);
    const bad = await t.business.get(`${invoices}/api/v1/HistoricalInvoice/me/pdf/x/albelli-nl`);
    expect([bad.status, bad.body.field]).toEqual([400, 'params.id']);
    const badChannel = await t.business.get(`${path}/..%2F..`);
    expect([badChannel.status, badChannel.body.field]).toEqual([400, 'params.channel']);
  });

  it('serves a month’s invoice group file with every invoice of that month', async () => {
    const list = historicalInvoicesResponseSchema.parse(
      (await t.business.get(`${invoices}/api/v1/HistoricalInvoice/me`)).body,
    ).historicalInvoices;
    const groupId = list[0]!.groupFileId!;
    const month = list.filter((invoice) => invoice.groupFileId === groupId);
    const { status, bytes } = await t.business.bytes(
      `${invoices}/api/v1/InvoiceGroupFiles/me/${groupId}`,
    );
    expect(status).toBe(200);
    const { pages, text } = await pdfText(bytes);
    expect(pages).toBe(month.length + 1);
    const sum = month.reduce((total, invoice) => total + invoice.total.amount, 0);
    expect(text[0]).toContain(`Total ${moneyText(sum, 'EUR', 'nl-NL')}`);
    for (const invoice of month) expect(text.join(' ')).toContain(invoice.invoiceNumber);
    const foreign = await t.demo.get(`${invoices}/api/v1/InvoiceGroupFiles/me/${groupId}`);
    expect([foreign.status, foreign.body.field]).toEqual([404, 'params.id']);
  });
});

describe('products and their PDFs', () => {
  it('lists the product files; product.pdf marks a PDF, URLs only when asked for', async () => {
    const withPdf = `${demoOrderCode('demo', 'dispatchedPayment13Days')}-1`;
    const plain = await t.demo.get(
      `${products}/v1/Products/${withPdf}?extendResponseCommand=none&extendResponseWithUrls=false`,
    );
    expect(plain.status).toBe(200);
    const product = productSchema.parse(plain.body);
    expect(product.files).toEqual([
      expect.objectContaining({ purpose: 'product.pdf', contentType: 'application/pdf' }),
    ]);
    expect(product.files[0]!.url).toBeUndefined();
    const urls = productSchema.parse(
      (await t.demo.get(`${products}/v1/Products/${withPdf}?extendResponseWithUrls=true`)).body,
    );
    expect(urls.files[0]!.url).toBe(`${t.server.origin}${products}/v1/pdf/me/${withPdf}`);
    const without = productSchema.parse(
      (await t.demo.get(`${products}/v1/Products/${demoOrderCode('demo', 'paymentFailed')}-1`))
        .body,
    );
    expect(without.files).toEqual([]);
    const bad = await t.demo.get(`${products}/v1/Products/${withPdf}?extendResponseCommand=all`);
    expect([bad.status, bad.body.field]).toEqual([400, 'query.extendResponseCommand']);
  });

  it('downloads a product PDF; 404 without one and for someone else’s product', async () => {
    const code = `${demoOrderCode('demo', 'productionDelayed')}-1`;
    const { status, bytes } = await t.demo.bytes(`${products}/v1/pdf/me/${code}`);
    expect(status).toBe(200);
    const { pages, text } = await pdfText(bytes);
    expect(pages).toBe(5);
    expect(text[0]).toContain('Softcover photo book A5');
    expect(text[0]).toContain(code);
    const none = await t.demo.get(
      `${products}/v1/pdf/me/${demoOrderCode('demo', 'paymentFailed')}-1`,
    );
    expect([none.status, none.body.field]).toEqual([404, 'params.code']);
    expect((await t.friend.get(`${products}/v1/pdf/me/${code}`)).status).toBe(404);
    expect((await t.friend.get(`${products}/v1/Products/${code}`)).status).toBe(404);
  });

  it('maps every product PDF of the caller by product code', async () => {
    const { body } = await t.demo.get(`${products}/v1/Pdfs/me`);
    const { pdfs } = productPdfsResponseSchema.parse(body);
    const codes = Object.keys(pdfs);
    expect(codes.length).toBeGreaterThan(5);
    expect(codes).toContain(`${demoOrderCode('demo', 'productionDelayed')}-1`);
    expect(codes).not.toContain(`${demoOrderCode('demo', 'paymentFailed')}-1`);
    expect(codes.every((code) => code.startsWith('PB'))).toBe(true);
    const friend = await t.friend.get(`${products}/v1/Pdfs/me`);
    expect(friend.body).toEqual({ pdfs: {} });
  });
});

describe('account deletion', () => {
  it('deletes every order-area row of the user with the user, and their documents folder', async () => {
    const { db, paths } = t.server.app.deps;
    const userId = t.ids.business;
    const tables = [
      'superorders',
      'orders',
      'delivery_address_changes',
      'order_delivery_dates',
      'reorders',
      'product_files',
      'invoice_group_files',
      'historical_invoices',
      'saved_projects',
      'widgets',
      'widget_shares',
      'gallery_entries',
      'blocked_orders',
    ] as const;
    const count = async (table: (typeof tables)[number]) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('superorders')).toBeGreaterThan(0);
    expect(await count('historical_invoices')).toBeGreaterThan(0);
    const folder = userDocumentsDir(paths.dataDir, userId);
    expect((await readdir(folder, { recursive: true })).length).toBeGreaterThan(10);
    expect(path.dirname(folder)).toBe(path.join(paths.dataDir, 'documents'));

    await db.deleteFrom('users').where('id', '=', userId).execute();
    await removeUserDocuments(paths.dataDir, userId);
    for (const table of tables) expect(await count(table), table).toBe(0);
    await expect(readdir(folder)).rejects.toThrow();
    // The other users keep theirs.
    expect((await t.demo.get('/api/orders/v2/superorders/me?Limit=1')).body.total).toBeGreaterThan(
      0,
    );
  });
});
