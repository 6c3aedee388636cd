import { baseApi } from '../../api/base-api';
import { checked } from '../../api/checked-response';
import { historicalInvoicesResponseSchema } from '../../api/schemas/invoice';
import type { HistoricalInvoicesResponse } from '../../api/schemas/invoice';

/** Historical invoices (docs/product.md#apis "Invoices, products, PDFs"). */
export const invoicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/HistoricalInvoice/me, newest first. */
    getInvoices: build.query<HistoricalInvoicesResponse, void>({
      query: () => ({ api: 'invoices', url: '/api/v1/HistoricalInvoice/me' }),
      ...checked(historicalInvoicesResponseSchema),
    }),
  }),
});

export const { useGetInvoicesQuery } = invoicesApi;

/** The invoice's PDF below InvoicesApiUrl. */
export const invoicePdfPath = (id: string, channel: string) =>
  `/api/v1/HistoricalInvoice/me/pdf/${encodeURIComponent(id)}/${encodeURIComponent(channel)}`;

/** The month's invoice group file below InvoicesApiUrl. */
export const invoiceGroupFilePath = (id: string) =>
  `/api/v1/InvoiceGroupFiles/me/${encodeURIComponent(id)}`;
