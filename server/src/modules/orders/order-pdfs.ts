import PDFDocument from 'pdfkit';
import type { DeliveryAddress } from '@photo/core/api/schemas/order';
import { formatMoney, salesChannel } from './channels.ts';
import type { SalesChannel } from './channels.ts';

/** VAT included in the prices, by brand country (for the invoice's VAT line). */
const vatRateByCountry: Record<string, number> = {
  GB: 20,
  IE: 23,
  FR: 20,
  IT: 22,
  DK: 25,
  NO: 25,
  SE: 25,
  ES: 21,
  PT: 23,
  NL: 21,
  BE: 21,
  AT: 20,
};

export interface InvoiceLine {
  title: string;
  quantity: number;
  /** Line total in minor units, VAT included. */
  amount: number;
}

export interface InvoiceData {
  invoiceNumber: string;
  issuedAt: string;
  orderRef: string;
  channel: string;
  billTo: DeliveryAddress;
  lines: InvoiceLine[];
  /** Minor units, VAT included; the sum of the lines. */
  total: number;
}

export interface InvoiceGroupData {
  period: string;
  channel: string;
  invoices: InvoiceData[];
}

export interface ProductPdfData {
  code: string;
  orderCode: string;
  title: string;
  articleType: string;
  createdAt: string;
  pageCount: number;
}

type Doc = PDFKit.PDFDocument;

function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

function newDocument(title: string, createdAt: string, options: PDFKit.PDFDocumentOptions = {}) {
  return new PDFDocument({
    size: 'A4',
    margin: 50,
    ...options,
    // A fixed creation date keeps a seeded file the same from run to run.
    info: {
      Title: title,
      Author: 'Photo account reference server',
      CreationDate: new Date(createdAt),
    },
  });
}

function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

function money(channel: SalesChannel, amount: number): string {
  return formatMoney(amount, channel.currency, channel.locale);
}

/** One invoice on the current page. */
function drawInvoice(doc: Doc, invoice: InvoiceData): void {
  const channel = salesChannel(invoice.channel);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(22).text(channel.vendor, left, 50);
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text(channel.canonicalOrigin);
  doc.fillColor('#000000').moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(16).text(`Invoice ${invoice.invoiceNumber}`);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Date: ${formatDate(invoice.issuedAt, channel.locale)}`);
  doc.text(`Order: ${invoice.orderRef}`);
  doc.text(`Currency: ${channel.currency}`);
  doc.moveDown();
  const to = invoice.billTo;
  doc.font('Helvetica-Bold').text('Bill to');
  doc.font('Helvetica');
  doc.text(`${to.firstName} ${to.lastName}`);
  doc.text(`${to.streetName} ${to.streetNumber}`);
  if (to.addressLine2) doc.text(to.addressLine2);
  doc.text(`${to.postalCode} ${to.city}`);
  doc.text(to.country);
  doc.moveDown(1.5);

  const columns = { title: left, quantity: left + width * 0.6, amount: left + width * 0.75 };
  const amountWidth = width * 0.25;
  const header = doc.y;
  doc.font('Helvetica-Bold');
  doc.text('Description', columns.title, header);
  doc.text('Qty', columns.quantity, header);
  doc.text('Amount', columns.amount, header, { width: amountWidth, align: 'right' });
  doc
    .moveTo(left, doc.y + 2)
    .lineTo(left + width, doc.y + 2)
    .stroke();
  doc.font('Helvetica');
  for (const line of invoice.lines) {
    const y = doc.y + 6;
    doc.text(line.title, columns.title, y, { width: width * 0.58 });
    doc.text(String(line.quantity), columns.quantity, y);
    doc.text(money(channel, line.amount), columns.amount, y, {
      width: amountWidth,
      align: 'right',
    });
  }
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(left + width, doc.y + 4)
    .stroke();
  const rate = vatRateByCountry[channel.country] ?? 21;
  const vat = Math.round(invoice.total - invoice.total / (1 + rate / 100));
  const totals: Array<[string, number, boolean]> = [
    ['Subtotal excl. VAT', invoice.total - vat, false],
    [`VAT ${rate}%`, vat, false],
    ['Total', invoice.total, true],
  ];
  for (const [label, amount, bold] of totals) {
    const y = doc.y + 6;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, columns.quantity - width * 0.2, y);
    doc.text(money(channel, amount), columns.amount, y, { width: amountWidth, align: 'right' });
  }
  doc.font('Helvetica').moveDown(3).fontSize(8).fillColor('#555555');
  doc.text('Prices include VAT. Thank you for your order.', left, doc.y, { width });
  doc.fillColor('#000000').fontSize(10);
}

/** A historical invoice: the order's lines and totals in the brand's currency and locale. */
export function renderInvoicePdf(invoice: InvoiceData): Promise<Buffer> {
  const doc = newDocument(`Invoice ${invoice.invoiceNumber}`, invoice.issuedAt);
  drawInvoice(doc, invoice);
  return toBuffer(doc);
}

/** A month's invoice group file: a summary page, then every invoice on its own page. */
export function renderInvoiceGroupPdf(group: InvoiceGroupData): Promise<Buffer> {
  const channel = salesChannel(group.channel);
  const last = group.invoices.at(-1)?.issuedAt ?? `${group.period}-01T00:00:00.000Z`;
  const doc = newDocument(`Invoices ${group.period}`, last);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(22).text(channel.vendor);
  doc.moveDown();
  doc.fontSize(16).text(`Invoices ${group.period}`);
  doc.font('Helvetica').fontSize(10).text(`${group.invoices.length} invoices, ${channel.currency}`);
  doc.moveDown();
  for (const invoice of group.invoices) {
    const y = doc.y + 4;
    doc.text(invoice.invoiceNumber, left, y);
    doc.text(invoice.orderRef, left + width * 0.35, y);
    doc.text(money(channel, invoice.total), left + width * 0.65, y, {
      width: width * 0.35,
      align: 'right',
    });
  }
  const sum = group.invoices.reduce((total, invoice) => total + invoice.total, 0);
  doc.moveDown().font('Helvetica-Bold');
  const y = doc.y;
  doc.text('Total', left, y);
  doc.text(money(channel, sum), left + width * 0.65, y, { width: width * 0.35, align: 'right' });
  for (const invoice of group.invoices) {
    doc.addPage();
    drawInvoice(doc, invoice);
  }
  return toBuffer(doc);
}

const pagePalette = ['#f4a261', '#2a9d8f', '#e9c46a', '#264653', '#e76f51', '#8ab17d'];

/** A product's print file: a cover with the product and order, then its pages. */
export function renderProductPdf(product: ProductPdfData): Promise<Buffer> {
  const doc = newDocument(product.title, product.createdAt, {
    size: 'A4',
    layout: 'landscape',
  });
  const { width, height } = doc.page;
  doc.rect(0, 0, width, height).fill('#1d3557');
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(32);
  doc.text(product.title, 60, height / 2 - 60, { width: width - 120, align: 'center' });
  doc.font('Helvetica').fontSize(14);
  doc.text(`${product.articleType} · ${product.code} · order ${product.orderCode}`, {
    width: width - 120,
    align: 'center',
  });
  for (let page = 1; page <= product.pageCount; page += 1) {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: 40 });
    const color = pagePalette[page % pagePalette.length]!;
    doc.rect(40, 40, width / 2 - 60, height - 110).fill(color);
    doc.rect(width / 2 + 20, 40, width / 2 - 60, height - 110).fill(pagePalette[(page + 2) % 6]!);
    doc.fillColor('#333333').font('Helvetica').fontSize(10);
    // Inside the bottom margin: without lineBreak false pdfkit would start a new page.
    doc.text(`${product.title} · page ${page} of ${product.pageCount}`, 40, height - 55, {
      width: width - 80,
      align: 'center',
      lineBreak: false,
    });
  }
  return toBuffer(doc);
}
