import { differenceInCalendarDays } from 'date-fns';

export type CreatedLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; date: Date };

/**
 * Which 'Created …' text an album tile shows (docs/product.md#screens): 'Created today', 'Created yesterday',
 * else 'Created {dd MMM yyyy}'. Calendar days in the viewer's time zone, not 24-hour spans.
 */
export function createdLabel(created: string | Date, now: Date = new Date()): CreatedLabel {
  const date = typeof created === 'string' ? new Date(created) : created;
  const days = differenceInCalendarDays(now, date);
  if (days === 0) return { kind: 'today' };
  if (days === 1) return { kind: 'yesterday' };
  return { kind: 'date', date };
}

/** date-fns pattern of the created date (docs/product.md#screens). */
export const CREATED_DATE_PATTERN = 'dd MMM yyyy';
