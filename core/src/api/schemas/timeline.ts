import { z } from 'zod/mini';
import { cursorSchema, limitQuerySchema, sortKeySchema, sortOrderSchema } from './paging';

/** Photos without a date are filed under January 1970 ('Unknown Date'). */
export const UNKNOWN_DATE_YEAR = 1970;
export const UNKNOWN_DATE_MONTH = 1;

const countSchema = z.int().check(z.minimum(0));

/**
 * GET /users/timeline: year → month → photo count, e.g. `{ "2024": { "1": 12, "11": 3 } }`.
 * Keys are decimal strings without padding (months '1'..'12'); only months with photos appear.
 */
export const timelineMapSchema = z.record(
  z.string().check(z.regex(/^\d{4}$/)),
  z.record(z.string().check(z.regex(/^([1-9]|1[0-2])$/)), countSchema),
);
export type TimelineMap = z.infer<typeof timelineMapSchema>;

export const timelineResponseSchema = z.object({ timeline: timelineMapSchema });
export type TimelineResponse = z.infer<typeof timelineResponseSchema>;

/** GET /photos/timeline/{year}/{month} path. */
export const timelineMonthParamsSchema = z.object({
  year: z.coerce.number().check(z.int(), z.minimum(1970), z.maximum(9999)),
  month: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(12)),
});
export type TimelineMonthParams = z.infer<typeof timelineMonthParamsSchema>;

/** GET /photos/timeline/{year}/{month} query; `limit` defaults to 24. Response: `photoPageSchema`. */
export const timelineMonthQuerySchema = z.object({
  cursor: z.optional(cursorSchema),
  limit: z.optional(limitQuerySchema),
  sortKey: z.optional(sortKeySchema),
  sortOrder: z.optional(sortOrderSchema),
});
export type TimelineMonthQuery = z.infer<typeof timelineMonthQuerySchema>;
