import type { FastifyReply } from 'fastify';
import type { SortKey, SortOrder } from '@photo/core/api/schemas/paging';
import { PAGE_LIMITS } from '@photo/core/api/schemas/paging';
import { sendJsonText } from '../../http/send-json-text.ts';
import type { AlbumRow } from './albums-repository.ts';
import { albumPosition, listAlbums } from './albums-repository.ts';
import type { PhotoContext } from './context.ts';
import type { PageSpec, Paged, SortedRow } from './paging.ts';
import { sortedRowPosition, toPage } from './paging.ts';
import type { PhotoRow } from './photo-presenter.ts';

interface PhotoListQuery {
  cursor?: string | undefined;
  limit?: number | undefined;
  sortKey?: SortKey | undefined;
  sortOrder?: SortOrder | undefined;
}

/** Sort + limit + decoded cursor of a photo list; the cursor context binds user, list and sort. */
export function pageSpec(
  ctx: PhotoContext,
  query: PhotoListQuery,
  defaults: { sortKey: SortKey; sortOrder: SortOrder; limit: number },
  list: string,
): { spec: PageSpec; context: string } {
  const sortKey = query.sortKey ?? defaults.sortKey;
  const sortOrder = query.sortOrder ?? defaults.sortOrder;
  const context = `${list}|${sortKey}|${sortOrder}`;
  const after = query.cursor ? ctx.cursors.decode(context, query.cursor) : null;
  return { spec: { sortKey, sortOrder, limit: query.limit ?? defaults.limit, after }, context };
}

/**
 * Answers one page of a photo list (the library, a timeline month, an album, a shared album):
 * `load` reads limit + 1 rows for the spec; the page goes out as prebuilt JSON with a signed
 * cursor when there is more. `withOwner` adds each photo's `ownerId` (shared albums).
 */
export async function sendPhotoPage(
  ctx: PhotoContext,
  reply: FastifyReply,
  viewerId: string,
  list: {
    query: PhotoListQuery;
    defaults: { sortKey: SortKey; sortOrder: SortOrder; limit: number };
    /** Names the list for the cursor, e.g. `photos|{userId}`. */
    name: string;
    load: (spec: PageSpec) => Promise<Array<PhotoRow & SortedRow>>;
    withOwner?: boolean;
  },
): Promise<FastifyReply> {
  const { spec, context } = pageSpec(ctx, list.query, list.defaults, list.name);
  const page = toPage(await list.load(spec), spec.limit, ctx.cursors, context, sortedRowPosition);
  return sendJsonText(
    reply,
    ctx.presenter.pageJson(page.items, viewerId, page.cursor, list.withOwner ?? false),
  );
}

/**
 * One page of an album list, newest first: the first page holds 49 albums (the "New album"
 * tile takes the 50th place), later pages 50 (docs/product.md#limits).
 */
export async function albumListPage(
  ctx: PhotoContext,
  userId: string,
  query: { cursor?: string | undefined; limit?: number | undefined },
  list: { name: string; includeReadable: boolean; sharedOnly: boolean },
): Promise<Paged<AlbumRow>> {
  const after = query.cursor ? ctx.cursors.decode(list.name, query.cursor) : null;
  const limit = query.limit ?? (after ? PAGE_LIMITS.albums : PAGE_LIMITS.firstAlbumPage);
  const rows = await listAlbums(ctx.db, userId, {
    includeReadable: list.includeReadable,
    sharedOnly: list.sharedOnly,
    limit,
    after,
  });
  return toPage(rows, limit, ctx.cursors, list.name, albumPosition);
}
