import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PRODUCT_PDF_PURPOSE,
  productCodeParamsSchema,
  productPdfsResponseSchema,
  productQuerySchema,
  productSchema,
} from '@photo/core/api/schemas/product';
import type { ProductPdf } from '@photo/core/api/schemas/product';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { sendUserDocument } from '../orders/order-documents.ts';
import { articleTitle, requestLocale } from '../orders/articles.ts';
import { localeOf } from '../orders/order-presenter.ts';
import { filesOfProduct, findProduct, listProductPdfs } from './products-repository.ts';

const tags = ['products'];
const security = [{ bearerAuth: [] }];

/**
 * Ordered products and their PDFs (docs/product.md#apis "Invoices, products, PDFs", mounted at
 * ProductsApiUrl, /api/products): a product is one line of the caller's orders, by its code;
 * a file with purpose `product.pdf` means its print PDF exists. Someone else's product code is
 * 404 like an unknown one.
 */
/**
 * A product's name in the language of the brand host the request came on, else in that of the
 * product's own shop, as the order screens name it (docs/product.md#data "Product names").
 */
function productTitle(
  row: { article_type: string; title: string; channel: string },
  host: string | undefined,
): string {
  return articleTitle(row.article_type, row.title, localeOf(row.channel, requestLocale(host)));
}

export const productsModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const pdfUrl = (code: string) =>
    `${deps.config.publicOrigin}${app.prefix}/v1/pdf/me/${encodeURIComponent(code)}`;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/v1/Products/:code',
    {
      schema: {
        tags,
        security,
        summary: 'One ordered product with its files (404 = not found)',
        params: productCodeParamsSchema,
        querystring: productQuerySchema,
        response: { 200: productSchema },
      },
    },
    async (request) => {
      const product = await findProduct(db, request.user.id, request.params.code);
      if (!product) throw new HttpError(404, 'Product not found', 'params.code');
      const withUrls = request.query.extendResponseWithUrls === 'true';
      const files = await filesOfProduct(db, product.id);
      return {
        code: product.code,
        orderCode: product.order_code,
        articleType: product.article_type,
        title: productTitle(product, request.headers.host),
        channel: product.channel,
        createdAt: product.created_at,
        files: files.map((file) => ({
          purpose: file.purpose,
          fileName: file.file_name,
          contentType: file.content_type,
          size: file.size,
          ...(withUrls && file.purpose === PRODUCT_PDF_PURPOSE
            ? { url: pdfUrl(product.code) }
            : {}),
        })),
      };
    },
  );

  app.get(
    '/v1/pdf/me/:code',
    {
      schema: {
        tags,
        security,
        summary: 'The print PDF of one product, application/pdf (404 = none)',
        params: productCodeParamsSchema,
      },
    },
    async (request, reply) => {
      const product = await findProduct(db, request.user.id, request.params.code);
      if (!product) throw new HttpError(404, 'Product not found', 'params.code');
      const pdf = (await filesOfProduct(db, product.id)).find(
        (file) => file.purpose === PRODUCT_PDF_PURPOSE,
      );
      if (!pdf) throw new HttpError(404, 'This product has no PDF', 'params.code');
      return sendUserDocument(
        reply,
        {
          dataDir: deps.paths.dataDir,
          userId: request.user.id,
          storagePath: pdf.storage_path,
          fileName: pdf.file_name,
        },
        'params.code',
      );
    },
  );

  app.get(
    '/v1/Pdfs/me',
    {
      schema: {
        tags,
        security,
        summary: 'Every product of the caller that has a PDF, by product code',
        response: { 200: productPdfsResponseSchema },
      },
    },
    async (request) => {
      const pdfs: Record<string, ProductPdf> = {};
      for (const row of await listProductPdfs(db, request.user.id))
        pdfs[row.code] = {
          orderCode: row.order_code,
          title: productTitle(row, request.headers.host),
          articleType: row.article_type,
          fileName: row.file_name,
          size: row.size,
          createdAt: row.created_at,
        };
      return { pdfs };
    },
  );
};
