// Database-independent: nothing here can go differently on PostgreSQL, so the file runs in the
// vitest project `server` only, not again in `server-pg` (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { OrderPageCache } from '../../src/modules/orders/order-page-cache.ts';

describe('OrderPageCache', () => {
  const now = '2026-05-01T10:00:00.000Z';

  it('answers a page while the stamp is the same and the deadline not reached', () => {
    const cache = new OrderPageCache();
    cache.set('u|notExpired|0|100', '5|1', '2026-05-02T00:00:00.000Z', '{"a":1}');
    expect(cache.get('u|notExpired|0|100', '5|1', now)).toBe('{"a":1}');
    expect(cache.get('u|notExpired|0|100', '6|1', now)).toBeUndefined();
    expect(cache.get('u|notExpired|0|100', '5|1', '2026-05-02T00:00:00.000Z')).toBeUndefined();
    expect(cache.get('u|all|0|100', '5|1', now)).toBeUndefined();
  });

  it('keeps nothing without a stamp, and starts again when full', () => {
    const cache = new OrderPageCache(2);
    cache.set('a', undefined, null, '1');
    expect(cache.get('a', undefined, now)).toBeUndefined();
    cache.set('a', 's', null, '1');
    cache.set('b', 's', null, '2');
    cache.set('c', 's', null, '3');
    expect(cache.get('a', 's', now)).toBeUndefined();
    expect(cache.get('c', 's', now)).toBe('3');
  });
});
