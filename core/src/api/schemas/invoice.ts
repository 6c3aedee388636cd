import { z } from 'zod/mini';
import { moneySchema } from './order';

/** A past invoice (docs/product.md#data Historical invoice). Its PDF: GET /api/v1/HistoricalInvoice/me/pdf/{id}/{channel}. */
export const historicalInvoiceSchema = z.object({
  id: z.uuid(),
  /** The order code (superorder) it bills. */
  orderRef: z.string(),
  channel: z.string(),
  invoiceNumber: z.string(),
  issuedAt: z.iso.datetime(),
  total: moneySchema,
  /** The month's invoice group file (GET /api/v1/InvoiceGroupFiles/me/{id}), when there is one. */
  groupFileId: z.nullable(z.uuid()),
});
export type HistoricalInvoice = z.infer<typeof historicalInvoiceSchema>;

/** GET /api/v1/HistoricalInvoice/me, newest first. */
export const historicalInvoicesResponseSchema = z.object({
  historicalInvoices: z.array(historicalInvoiceSchema),
});
export type HistoricalInvoicesResponse = z.infer<typeof historicalInvoicesResponseSchema>;

/** A sales channel name in a path, e.g. `albelli-nl`. */
export const channelNameSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(40), z.regex(/^[a-z0-9-]+$/));

export const invoicePdfParamsSchema = z.object({ id: z.uuid(), channel: channelNameSchema });
export const invoiceGroupFileParamsSchema = z.object({ id: z.uuid() });
