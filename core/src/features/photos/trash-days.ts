const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days until Recently deleted purges something (docs/product.md#recently-deleted), counted
 * up: 29 days and 2 hours left is '30 days', as the purge has not come on the 30th day yet; the
 * last day is '1 day', never 0. A date that cannot be read or is past gives 1 (the purge is due).
 */
export function daysLeft(purgeAt: string, now: number = Date.now()): number {
  const at = Date.parse(purgeAt);
  if (Number.isNaN(at)) return 1;
  return Math.max(1, Math.ceil((at - now) / DAY_MS));
}
