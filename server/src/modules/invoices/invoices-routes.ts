import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  historicalInvoicesResponseSchema,
  invoiceGroupFileParamsSchema,
  invoicePdfParamsSchema,
} from '@photo/core/api/schemas/invoice';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { sendUserDocument } from '../orders/order-documents.ts';
import {
  findHistoricalInvoice,
  findInvoiceGroupFile,
  listHistoricalInvoices,
} from './invoices-repository.ts';

const tags = ['invoices'];
const security = [{ bearerAuth: [] }];

/**
 * Historical invoices and invoice group files of docs/product.md#apis (mounted at
 * InvoicesApiUrl, /api/invoices). Business accounts have them (docs/product.md#roles-and-flags);
 * anyone else gets an empty list. Files are the caller's only: a foreign id is 404 like an
 * unknown one, and so is an invoice asked for under another channel.
 */
export const invoicesModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const dataDir = deps.paths.dataDir;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/v1/HistoricalInvoice/me',
    {
      schema: {
        tags,
        security,
        summary: 'The caller’s historical invoices, newest first',
        response: { 200: historicalInvoicesResponseSchema },
      },
    },
    async (request) => ({
      historicalInvoices: (await listHistoricalInvoices(db, request.user.id)).map((row) => ({
        id: row.id,
        orderRef: row.order_ref,
        channel: row.channel,
        invoiceNumber: row.invoice_number,
        issuedAt: row.issued_at,
        total: { amount: row.total_amount, currency: row.currency },
        groupFileId: row.group_file_id,
      })),
    }),
  );

  app.get(
    '/api/v1/HistoricalInvoice/me/pdf/:id/:channel',
    {
      schema: {
        tags,
        security,
        summary: 'The PDF of one historical invoice, application/pdf (404 = not found)',
        params: invoicePdfParamsSchema,
      },
    },
    async (request, reply) => {
      const invoice = await findHistoricalInvoice(db, request.user.id, request.params.id);
      if (!invoice) throw new HttpError(404, 'Invoice not found', 'params.id');
      if (invoice.channel !== request.params.channel)
        throw new HttpError(404, 'Invoice not found in this channel', 'params.channel');
      return sendUserDocument(
        reply,
        {
          dataDir,
          userId: request.user.id,
          storagePath: invoice.storage_path,
          fileName: invoice.file_name,
        },
        'params.id',
      );
    },
  );

  app.get(
    '/api/v1/InvoiceGroupFiles/me/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A month’s invoice group file, application/pdf (404 = not found)',
        params: invoiceGroupFileParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await findInvoiceGroupFile(db, request.user.id, request.params.id);
      if (!file) throw new HttpError(404, 'Invoice group file not found', 'params.id');
      return sendUserDocument(
        reply,
        {
          dataDir,
          userId: request.user.id,
          storagePath: file.storage_path,
          fileName: file.file_name,
        },
        'params.id',
      );
    },
  );
};
