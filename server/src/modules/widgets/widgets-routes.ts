import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blockedOrderParamsSchema,
  blockedOrderSchema,
  createGalleryEntryRequestSchema,
  createWidgetRequestSchema,
  decodeRecipient,
  galleryCategoriesResponseSchema,
  galleryChannelQuerySchema,
  galleryEntryParamsSchema,
  galleryEntrySchema,
  galleryEntryWidgetParamsSchema,
  updateGalleryEntryRequestSchema,
  widgetCodeParamsSchema,
  widgetListQuerySchema,
  widgetListResponseSchema,
  widgetSchema,
  widgetShareQuerySchema,
} from '@photo/core/api/schemas/widget';
import type { GalleryEntry, Widget } from '@photo/core/api/schemas/widget';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { brandForHost, findBrandByChannel } from '../../mail/brand-context.ts';
import { serverTexts } from '../../mail/server-texts.ts';
import { articleTitle, englishArticleTitle, requestLocale } from '../orders/articles.ts';
import { findSalesChannel } from '../orders/channels.ts';
import { localeOf } from '../orders/order-presenter.ts';
import { widgetShareMail } from './widget-share-mail.ts';
import type { GalleryEntryRow, WidgetRow } from './widgets-repository.ts';
import {
  categoryIdsByName,
  countSharesSince,
  deleteGalleryEntry,
  deleteShare,
  deleteWidget,
  findGalleryEntry,
  findProductForWidget,
  findWidget,
  insertGalleryEntry,
  insertWidget,
  isOrderBlocked,
  listCategories,
  listWidgets,
  recordShare,
  updateGalleryEntry,
} from './widgets-repository.ts';

const tags = ['widgets'];
const security = [{ bearerAuth: [] }];
/** E-mail shares one account may send per hour: enough for a family, too few for spam. */
export const SHARES_PER_HOUR = 20;

/**
 * A widget made without a title is named after its product, as the order rows store the name
 * (in English); that name reads in the customer's language like the orders' (the brand host's,
 * else the widget's shop's). A title the customer chose stays as written (docs/product.md#data).
 */
function widgetTitle(row: WidgetRow, locale: string | undefined): string {
  if (row.title !== englishArticleTitle(row.article_type)) return row.title;
  return articleTitle(row.article_type, row.title, localeOf(row.channel, locale));
}

function presentWidget(row: WidgetRow, locale: string | undefined): Widget {
  return {
    id: row.id,
    code: row.code,
    orderCode: row.superorder_code,
    title: widgetTitle(row, locale),
    articleType: row.article_type,
    vendorId: row.vendor_id,
    shopUrl: row.shop_url,
    createdAt: row.created_at,
    senderName: row.sender_name,
    recipientEmail: row.recipient_email,
    personalMessage: row.personal_message,
    sharedAt: row.shared_at,
    galleryEntryId: row.gallery_entry_id,
  };
}

function presentEntry(row: GalleryEntryRow): GalleryEntry {
  return {
    id: row.id,
    widgetId: row.widget_id,
    channel: row.channel,
    title: row.title,
    categories: row.categories,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Widgets, the gallery and blocked orders of docs/product.md#apis (mounted at WidgetsApiUrl,
 * /api/widgets). Widgets are for consumer accounts (docs/product.md#roles-and-flags): a
 * business token gets 403. Everything is the caller's own: a foreign widget, product or
 * gallery entry answers like an unknown one. Status meanings as the product has them:
 * GET /v1/widget/{code} answers 401 when there is no widget. `GET /v1/blockedorders/{id}`
 * needs no token (the public gallery asks it) and tells only whether that order is blocked.
 *
 * Designed here (the product names the action, not the path): the e-mail share details are
 * the query of `PUT /v1/widget/{code}/share` (vendorId, fromName, personalMessage,
 * toEmailAddress base64); the mail goes out through the mail service and the widget keeps the
 * last share. At most {@link SHARES_PER_HOUR} shares per hour and account (429).
 */
export const widgetsModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const { db } = deps;

  root.withTypeProvider<ZodTypeProvider>().get(
    '/v1/blockedorders/:id',
    {
      schema: {
        tags,
        summary: 'Whether an order is blocked from the public gallery (no token needed)',
        params: blockedOrderParamsSchema,
        response: { 200: blockedOrderSchema },
      },
    },
    async (request) => ({
      orderCode: request.params.id,
      blocked: await isOrderBlocked(db, request.params.id),
    }),
  );

  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', app.authenticate);
    const consumersOnly = async (request: FastifyRequest, _reply: FastifyReply) => {
      if (request.user.isBusiness)
        throw new HttpError(403, 'Widgets are for consumer accounts', 'headers.authorization');
    };
    app.addHook('preHandler', consumersOnly);

    async function ownWidget(userId: string, code: string, status = 404): Promise<WidgetRow> {
      const widget = await findWidget(db, userId, { code });
      if (!widget) throw new HttpError(status, 'Widget not found', 'params.code');
      return widget;
    }

    app.get(
      '/v1/widget/all',
      {
        schema: {
          tags,
          security,
          summary:
            'The caller’s widgets, newest first, page 1 by default; orderCodes (comma list) keeps those orders’ widgets',
          querystring: widgetListQuerySchema,
          response: { 200: widgetListResponseSchema },
        },
      },
      async (request) => {
        const { page, pageSize } = request.query;
        const orderCodes = request.query.orderCodes
          ?.split(',')
          .map((code) => code.trim())
          .filter(Boolean);
        const { total, rows } = await listWidgets(db, request.user.id, {
          orderCodes: request.query.orderCodes === undefined ? undefined : (orderCodes ?? []),
          offset: (page - 1) * pageSize,
          limit: pageSize,
        });
        const locale = requestLocale(request.headers.host);
        return {
          widgets: rows.map((row) => presentWidget(row, locale)),
          page,
          pageSize,
          total,
        };
      },
    );

    app.get(
      '/v1/widget/:code',
      {
        schema: {
          tags,
          security,
          summary: 'The widget of a product (401 = none)',
          params: widgetCodeParamsSchema,
          response: { 200: widgetSchema },
        },
      },
      async (request) =>
        presentWidget(
          await ownWidget(request.user.id, request.params.code, 401),
          requestLocale(request.headers.host),
        ),
    );

    app.post(
      '/v1/widget/:code',
      {
        schema: {
          tags,
          security,
          summary:
            'Make the widget of an ordered product (201; 404 = no such product; 409 = exists)',
          params: widgetCodeParamsSchema,
          body: createWidgetRequestSchema,
          response: { 201: widgetSchema },
        },
      },
      async (request, reply) => {
        const userId = request.user.id;
        const product = await findProductForWidget(db, userId, request.params.code);
        if (!product) throw new HttpError(404, 'Product not found', 'params.code');
        if (product.status === 'Cancelled')
          throw new HttpError(409, 'A cancelled product has no widget', 'params.code');
        if (await findWidget(db, userId, { code: product.code }))
          throw new HttpError(409, 'This product already has a widget', 'params.code');
        const channel = findSalesChannel(product.channel);
        if (!channel) throw new HttpError(409, 'The product’s shop is closed', 'params.code');
        const shopUrl = new URL(channel.storefront.AllProducts);
        shopUrl.searchParams.set('article', product.article_type);
        await insertWidget(db, {
          id: randomUUID(),
          user_id: userId,
          order_id: product.id,
          code: product.code,
          superorder_code: product.order_code,
          title: request.body?.title ?? product.title,
          vendor_id: channel.vendor,
          shop_url: shopUrl.toString(),
          created_at: new Date().toISOString(),
        });
        reply.code(201);
        return presentWidget(
          await ownWidget(userId, product.code),
          requestLocale(request.headers.host),
        );
      },
    );

    app.delete(
      '/v1/widget/:code',
      {
        schema: {
          tags,
          security,
          summary: 'Delete a widget and its gallery entry (204; 404 = none)',
          params: widgetCodeParamsSchema,
        },
      },
      async (request, reply) => {
        if (!(await deleteWidget(db, request.user.id, request.params.code)))
          throw new HttpError(404, 'Widget not found', 'params.code');
        return reply.code(204).send();
      },
    );

    app.put(
      '/v1/widget/:code/share',
      {
        schema: {
          tags,
          security,
          summary:
            'Share a widget by e-mail: vendorId, fromName, personalMessage, toEmailAddress (base64); sends the mail',
          params: widgetCodeParamsSchema,
          querystring: widgetShareQuerySchema,
          response: { 200: widgetSchema },
        },
      },
      async (request) => {
        const userId = request.user.id;
        const widget = await ownWidget(userId, request.params.code);
        const { vendorId, fromName, personalMessage } = request.query;
        if (vendorId.toLowerCase() !== widget.vendor_id.toLowerCase())
          throw new HttpError(400, 'vendorId is not the widget’s brand', 'query.vendorId');
        // The schema checked it decodes to an address.
        const to = decodeRecipient(request.query.toEmailAddress)!.trim();
        const now = new Date();
        if (
          (await countSharesSince(db, userId, new Date(now.getTime() - 3_600_000).toISOString())) >=
          SHARES_PER_HOUR
        )
          throw new HttpError(429, 'Too many shares, try again in an hour', 'query.toEmailAddress');
        const brand = brandForHost(findBrandByChannel(widget.channel)?.host, {
          publicOrigin: deps.config.publicOrigin,
          port: deps.config.port,
        });
        const shareId = randomUUID();
        await recordShare(db, {
          id: shareId,
          widgetId: widget.id,
          userId,
          vendorId: widget.vendor_id,
          fromName,
          toEmail: to,
          personalMessage,
          now: now.toISOString(),
        });
        try {
          await deps.mail.send(
            widgetShareMail(serverTexts(), {
              brand,
              to,
              fromName,
              title: widgetTitle(widget, brand.locale),
              personalMessage,
              url: widget.shop_url,
            }),
          );
        } catch (error) {
          // Not sent: the share does not count and the client can try again.
          await deleteShare(db, shareId);
          request.log.error({ err: error }, 'widget share mail failed');
          throw new HttpError(502, 'The e-mail could not be sent', 'query.toEmailAddress');
        }
        return presentWidget(
          await ownWidget(userId, widget.code),
          requestLocale(request.headers.host),
        );
      },
    );

    app.get(
      '/v1/categories',
      {
        schema: {
          tags,
          security,
          summary: 'Gallery categories in display order',
          response: { 200: galleryCategoriesResponseSchema },
        },
      },
      async () => ({
        categories: (await listCategories(db)).map((row) => ({ id: row.id, name: row.name })),
      }),
    );

    async function ownEntry(
      userId: string,
      key: { id: string } | { widgetId: string },
      channel: string,
      field: string,
    ): Promise<GalleryEntryRow> {
      const entry = await findGalleryEntry(db, userId, key);
      if (!entry) throw new HttpError(404, 'Gallery entry not found', field);
      if (entry.channel !== channel)
        throw new HttpError(404, 'Gallery entry not found in this channel', 'query.channel');
      return entry;
    }

    async function categoryIds(names: readonly string[], field: string): Promise<string[]> {
      const unique = [...new Set(names)];
      const ids = await categoryIdsByName(db, unique);
      const unknown = unique.find((name) => !ids.has(name));
      if (unknown !== undefined) throw new HttpError(400, `Unknown category ${unknown}`, field);
      return unique.map((name) => ids.get(name)!);
    }

    app.get(
      '/v1/galleryentries/:id',
      {
        schema: {
          tags,
          security,
          summary: 'One gallery entry of the caller in a channel (404 = none)',
          params: galleryEntryParamsSchema,
          querystring: galleryChannelQuerySchema,
          response: { 200: galleryEntrySchema },
        },
      },
      async (request) =>
        presentEntry(
          await ownEntry(
            request.user.id,
            { id: request.params.id },
            request.query.channel,
            'params.id',
          ),
        ),
    );

    app.post(
      '/v1/galleryentries/',
      {
        schema: {
          tags,
          security,
          summary: 'Put a widget in the gallery (201; one entry per widget, 409 if it has one)',
          body: createGalleryEntryRequestSchema,
          response: { 201: galleryEntrySchema },
        },
      },
      async (request, reply) => {
        const userId = request.user.id;
        const { widgetId, channel, title, categories } = request.body;
        const widget = await findWidget(db, userId, { id: widgetId });
        if (!widget) throw new HttpError(404, 'Widget not found', 'body.widgetId');
        if (widget.channel !== channel)
          throw new HttpError(400, 'The widget belongs to another channel', 'body.channel');
        if (widget.gallery_entry_id)
          throw new HttpError(409, 'This widget is in the gallery already', 'body.widgetId');
        const ids = await categoryIds(categories, 'body.categories');
        const now = new Date().toISOString();
        const id = randomUUID();
        await insertGalleryEntry(
          db,
          {
            id,
            widget_id: widgetId,
            user_id: userId,
            channel,
            title,
            created_at: now,
            updated_at: now,
          },
          ids,
        );
        reply.code(201);
        return presentEntry(await ownEntry(userId, { id }, channel, 'body.widgetId'));
      },
    );

    app.put(
      '/v1/galleryentries/:widgetId',
      {
        schema: {
          tags,
          security,
          summary: 'Change the title or categories of a widget’s gallery entry (404 = none)',
          params: galleryEntryWidgetParamsSchema,
          querystring: galleryChannelQuerySchema,
          body: updateGalleryEntryRequestSchema,
          response: { 200: galleryEntrySchema },
        },
      },
      async (request) => {
        const userId = request.user.id;
        const entry = await ownEntry(
          userId,
          { widgetId: request.params.widgetId },
          request.query.channel,
          'params.widgetId',
        );
        const { title, categories } = request.body;
        await updateGalleryEntry(db, entry.id, {
          ...(title ? { title } : {}),
          ...(categories ? { categoryIds: await categoryIds(categories, 'body.categories') } : {}),
          now: new Date().toISOString(),
        });
        return presentEntry(
          await ownEntry(userId, { id: entry.id }, entry.channel, 'params.widgetId'),
        );
      },
    );

    app.delete(
      '/v1/galleryentries/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Take an entry out of the gallery (204; 404 = none)',
          params: galleryEntryParamsSchema,
          querystring: galleryChannelQuerySchema,
        },
      },
      async (request, reply) => {
        const userId = request.user.id;
        await ownEntry(userId, { id: request.params.id }, request.query.channel, 'params.id');
        await deleteGalleryEntry(db, userId, request.params.id);
        return reply.code(204).send();
      },
    );
  });
};
