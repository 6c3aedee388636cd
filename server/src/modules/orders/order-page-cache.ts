/**
 * Order list pages (superorders, products by account) as JSON text, per user and query, while the database is unchanged
 * (`dataStamp`: any write, by anyone, changes it) and no unpaid order of the user has passed
 * its payment window since (that moves an order from `notExpired` to `expired`). The client
 * reads the whole list page by page on every visit of the order screens; a repeat costs a map
 * lookup instead of the queries and the encoding. Without a stamp (inside a transaction, or
 * a database without one) nothing is cached.
 */
export class OrderPageCache {
  private readonly entries = new Map<
    string,
    { stamp: string; validUntil: string | null; json: string }
  >();

  /** `maxEntries` 0: nothing is kept. */
  constructor(private readonly maxEntries = 2000) {}

  get(key: string, stamp: string | undefined, now: string): string | undefined {
    if (stamp === undefined) return undefined;
    const entry = this.entries.get(key);
    if (!entry || entry.stamp !== stamp) return undefined;
    if (entry.validUntil !== null && now >= entry.validUntil) return undefined;
    return entry.json;
  }

  /** `validUntil`: the next payment deadline of the user's orders (ISO), or null for none. */
  set(key: string, stamp: string | undefined, validUntil: string | null, json: string): void {
    if (stamp === undefined || this.maxEntries === 0) return;
    // Cheap bound: a full cache starts again (entries are small and rebuilt on demand).
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { stamp, validUntil, json });
  }
}
