import { format } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { nl } from 'date-fns/locale/nl';
import { describe, expect, it } from 'vitest';
import { CREATED_DATE_PATTERN, createdLabel } from './created-label';

const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min);

describe('createdLabel (docs/product.md#screens)', () => {
  const now = at(2024, 3, 10, 0, 30);

  it('is today for any time on the same calendar day', () => {
    expect(createdLabel(at(2024, 3, 10, 0, 0), now)).toEqual({ kind: 'today' });
    expect(createdLabel(at(2024, 3, 10, 0, 29), now)).toEqual({ kind: 'today' });
  });

  it('is yesterday for the previous calendar day even when less than 24 h ago', () => {
    expect(createdLabel(at(2024, 3, 9, 23, 59), now)).toEqual({ kind: 'yesterday' });
    expect(createdLabel(at(2024, 3, 9, 0, 1), now)).toEqual({ kind: 'yesterday' });
  });

  it('is a date from two days back, across month and year ends', () => {
    expect(createdLabel(at(2024, 3, 8, 23, 0), now)).toMatchObject({ kind: 'date' });
    expect(createdLabel(at(2023, 12, 31), at(2024, 1, 1))).toEqual({ kind: 'yesterday' });
    expect(createdLabel(at(2023, 12, 30), at(2024, 1, 1))).toMatchObject({ kind: 'date' });
  });

  it('accepts ISO strings', () => {
    const iso = at(2024, 3, 10, 0, 5).toISOString();
    expect(createdLabel(iso, now)).toEqual({ kind: 'today' });
  });

  it('formats dd MMM yyyy in the locale', () => {
    const date = at(2023, 5, 4);
    expect(format(date, CREATED_DATE_PATTERN, { locale: enGB })).toBe('04 May 2023');
    expect(format(at(2023, 3, 4), CREATED_DATE_PATTERN, { locale: nl })).toBe('04 mrt. 2023');
  });
});
