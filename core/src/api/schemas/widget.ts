import { z } from 'zod/mini';
import { noControlCharacters } from './unsafe-characters';
import { channelNameSchema } from './invoice';
import { orderCodeSchema } from './order';

/** Widgets list default page (docs/product.md#limits) and its page size. */
export const WIDGETS_FIRST_PAGE = 1;
export const WIDGETS_PAGE_SIZE = 10;

/**
 * The share recipient travels base64-encoded (docs/product.md#validation): UTF-8 bytes of the
 * address, standard alphabet. The client encodes with this, the server decodes with
 * {@link decodeRecipient}.
 */
export function encodeRecipient(email: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(email)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The address inside a base64 recipient, or null when it is not base64 of UTF-8 text. Accepts
 * the URL-safe alphabet and a `+` turned into a space by a query string that was not encoded.
 */
export function decodeRecipient(value: string): string | null {
  const normalised = value.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(normalised)) return null;
  const padded = normalised.padEnd(Math.ceil(normalised.length / 4) * 4, '=');
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const emailSchema = z.email();
export const RECIPIENT_INVALID = 'toEmailAddress must be a base64-encoded e-mail address';

/**
 * A widget: a shareable page of an ordered product (docs/product.md#data). `code` is the product
 * code it was made from, `orderCode` that product's order.
 */
export const widgetSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  orderCode: z.string(),
  title: z.string(),
  articleType: z.string(),
  vendorId: z.string(),
  /** The product on the brand's storefront. */
  shopUrl: z.url(),
  createdAt: z.iso.datetime(),
  /** The last e-mail share; null until shared. */
  senderName: z.nullable(z.string()),
  recipientEmail: z.nullable(z.string()),
  personalMessage: z.nullable(z.string()),
  sharedAt: z.nullable(z.iso.datetime()),
  /** Its gallery entry, when it has one. */
  galleryEntryId: z.nullable(z.uuid()),
});
export type Widget = z.infer<typeof widgetSchema>;

export const widgetCodeParamsSchema = z.object({ code: orderCodeSchema });

/** POST /v1/widget/{code} body (optional, none arrives as null): a title other than the product's. */
export const createWidgetRequestSchema = z.optional(
  z.nullable(
    z.object({
      // The title goes into the share mail's subject and body.
      title: z.optional(
        z.string().check(z.trim(), z.minLength(1), z.maxLength(120), noControlCharacters()),
      ),
    }),
  ),
);
export type CreateWidgetRequest = z.infer<typeof createWidgetRequestSchema>;

/** GET /v1/widget/all query: `orderCodes` is a comma list; without it, every widget. */
export const widgetListQuerySchema = z.object({
  orderCodes: z.optional(z.string().check(z.maxLength(4000), z.regex(/^[A-Za-z0-9_,-]*$/))),
  page: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)),
    WIDGETS_FIRST_PAGE,
  ),
  pageSize: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)),
    WIDGETS_PAGE_SIZE,
  ),
});
export type WidgetListQuery = z.input<typeof widgetListQuerySchema>;

export const widgetListResponseSchema = z.object({
  widgets: z.array(widgetSchema),
  page: z.int(),
  pageSize: z.int(),
  total: z.int(),
});
export type WidgetListResponse = z.infer<typeof widgetListResponseSchema>;

/** PUT /v1/widget/{code}/share query (docs/product.md#apis). */
export const widgetShareQuerySchema = z.object({
  vendorId: z.string().check(z.minLength(1), z.maxLength(40), z.regex(/^[A-Za-z0-9 _-]+$/)),
  // Both go into the share mail: the name into its subject, the message into its body, where
  // line breaks are the only control characters that belong.
  fromName: z.string().check(z.trim(), z.minLength(1), z.maxLength(100), noControlCharacters()),
  personalMessage: z._default(
    z.string().check(z.maxLength(1000), noControlCharacters({ lineBreaks: true })),
    '',
  ),
  toEmailAddress: z.string().check(
    z.minLength(4),
    z.maxLength(500),
    z.refine((value) => {
      const decoded = decodeRecipient(value);
      return decoded !== null && decoded.length <= 254 && emailSchema.safeParse(decoded).success;
    }, RECIPIENT_INVALID),
  ),
});
export type WidgetShareQuery = z.input<typeof widgetShareQuerySchema>;

/** A gallery category (GET /v1/categories). */
export const galleryCategorySchema = z.object({ id: z.string(), name: z.string() });
export type GalleryCategory = z.infer<typeof galleryCategorySchema>;
export const galleryCategoriesResponseSchema = z.object({
  categories: z.array(galleryCategorySchema),
});

/** A widget's entry in the brand's public gallery, one per widget (docs/product.md#data). */
export const galleryEntrySchema = z.object({
  id: z.uuid(),
  widgetId: z.uuid(),
  channel: z.string(),
  title: z.string(),
  /** Category names. */
  categories: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type GalleryEntry = z.infer<typeof galleryEntrySchema>;

const categoryNames = z
  .array(z.string().check(z.minLength(1), z.maxLength(60)))
  .check(z.maxLength(10));

/** POST /v1/galleryentries/ body; unknown category names are refused. */
export const createGalleryEntryRequestSchema = z.object({
  widgetId: z.uuid(),
  channel: channelNameSchema,
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  categories: categoryNames,
});
export type CreateGalleryEntryRequest = z.infer<typeof createGalleryEntryRequestSchema>;

/** PUT /v1/galleryentries/{widgetId}?channel body. */
export const updateGalleryEntryRequestSchema = z.object({
  title: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(120))),
  categories: z.optional(categoryNames),
});
export type UpdateGalleryEntryRequest = z.infer<typeof updateGalleryEntryRequestSchema>;

export const galleryEntryParamsSchema = z.object({ id: z.uuid() });
export const galleryEntryWidgetParamsSchema = z.object({ widgetId: z.uuid() });
export const galleryChannelQuerySchema = z.object({ channel: channelNameSchema });

/** GET /v1/blockedorders/{id} (no token): whether the gallery must hide an order's widgets. */
export const blockedOrderSchema = z.object({ orderCode: z.string(), blocked: z.boolean() });
export type BlockedOrder = z.infer<typeof blockedOrderSchema>;
export const blockedOrderParamsSchema = z.object({ id: orderCodeSchema });
