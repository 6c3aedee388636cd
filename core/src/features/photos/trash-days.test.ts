import { describe, expect, it } from 'vitest';
import { daysLeft } from './trash-days';

describe('days left in Recently deleted', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');

  it('counts whole days up', () => {
    expect(daysLeft('2026-12-26T10:00:00Z', now)).toBe(30);
    expect(daysLeft('2026-12-25T12:00:00Z', now)).toBe(30);
    expect(daysLeft('2026-12-25T10:00:00Z', now)).toBe(29);
  });

  it('says 1 day on the last day and when the purge is due or the date is unreadable', () => {
    expect(daysLeft('2026-11-26T11:00:00Z', now)).toBe(1);
    expect(daysLeft('2026-11-20T10:00:00Z', now)).toBe(1);
    expect(daysLeft('not a date', now)).toBe(1);
  });
});
