import { z } from 'zod/mini';

/** Page sizes of docs/product.md#limits. */
export const PAGE_LIMITS = {
  /** Timeline month section / grid section size. */
  timelineMonth: 24,
  /** Album list and shared album list pages. */
  albums: 50,
  /** The first album page is one less (the 'New album' tile takes a slot). */
  firstAlbumPage: 49,
  /** GET /photos, album photos and shared-album photos pages. */
  photos: 500,
} as const;

/** Largest `limit` any list route accepts. */
export const MAX_PAGE_LIMIT = 500;

/** Sort key of photo lists (docs/product.md#data, docs/product.md#validation). */
export const sortKeySchema = z.enum(['created', 'dateTaken']);
export type SortKey = z.infer<typeof sortKeySchema>;

export const sortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof sortOrderSchema>;

export const sortingOptionsSchema = z.object({
  sortKey: sortKeySchema,
  sortOrder: sortOrderSchema,
});
export type SortingOptions = z.infer<typeof sortingOptionsSchema>;

/** Opaque, server-signed continuation token. `null` in a page response means "no more pages". */
export const cursorSchema = z.string().check(z.minLength(1), z.maxLength(1024));

/** Page size in a query string: an integer >= 1 (docs/product.md#validation). */
export const limitQuerySchema = z.coerce
  .number()
  .check(z.int(), z.minimum(1), z.maximum(MAX_PAGE_LIMIT));

/** Query of a sorted, paged photo list (GET /photos, album photos, shared-album photos, month pages). */
export const photoListQuerySchema = z.object({
  cursor: z.optional(cursorSchema),
  limit: z.optional(limitQuerySchema),
  sortKey: z.optional(sortKeySchema),
  sortOrder: z.optional(sortOrderSchema),
});
export type PhotoListQuery = z.infer<typeof photoListQuerySchema>;

/** Query of a paged album list. */
export const pageQuerySchema = z.object({
  cursor: z.optional(cursorSchema),
  limit: z.optional(limitQuerySchema),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Path parameter holding one entity id (all ids are UUIDs). */
export const idParamsSchema = z.object({ id: z.uuid() });
export type IdParams = z.infer<typeof idParamsSchema>;
