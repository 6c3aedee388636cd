import { z } from 'zod/mini';
import { orderCodeSchema } from './order';

/** A file with this purpose is the product's print PDF (docs/product.md#apis). */
export const PRODUCT_PDF_PURPOSE = 'product.pdf';

export const productFileSchema = z.object({
  /** `product.pdf`, `thumbnail` … */
  purpose: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.int().check(z.minimum(0)),
  /** Only with `extendResponseWithUrls=true`; the PDF itself needs the bearer token. */
  url: z.optional(z.url()),
});
export type ProductFile = z.infer<typeof productFileSchema>;

/** An ordered product (one line of a superorder) with its files: GET /v1/Products/{code}. */
export const productSchema = z.object({
  code: z.string(),
  orderCode: z.string(),
  articleType: z.string(),
  title: z.string(),
  channel: z.string(),
  createdAt: z.iso.datetime(),
  files: z.array(productFileSchema),
});
export type Product = z.infer<typeof productSchema>;

export const productCodeParamsSchema = z.object({ code: orderCodeSchema });

export const productQuerySchema = z.object({
  /** Only `none` is offered: no extra sections. */
  extendResponseCommand: z._default(z.enum(['none']), 'none'),
  extendResponseWithUrls: z._default(z.enum(['true', 'false']), 'false'),
});
export type ProductQuery = z.input<typeof productQuerySchema>;

/** GET /v1/Pdfs/me: every product of the caller that has a PDF, by product code. */
export const productPdfSchema = z.object({
  orderCode: z.string(),
  title: z.string(),
  articleType: z.string(),
  fileName: z.string(),
  size: z.int().check(z.minimum(0)),
  createdAt: z.iso.datetime(),
});
export type ProductPdf = z.infer<typeof productPdfSchema>;

export const productPdfsResponseSchema = z.object({
  pdfs: z.record(z.string(), productPdfSchema),
});
export type ProductPdfsResponse = z.infer<typeof productPdfsResponseSchema>;
