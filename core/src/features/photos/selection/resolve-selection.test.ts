import { describe, expect, it, vi } from 'vitest';
import { resolveSelection } from './resolve-selection';
import { initialSelectionState } from './selection-slice';
import type { SelectionState } from './selection-slice';

const idsOf = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`);
const months: Record<string, string[]> = { '2024-7': idsOf('jul', 69), '2024-6': idsOf('jun', 5) };
const library = [...months['2024-7']!, ...months['2024-6']!, ...idsOf('other', 10)];

function fetcher() {
  return vi.fn(async (month?: { year: number; month: number }) =>
    month ? (months[`${month.year}-${month.month}`] ?? []) : library,
  );
}

const selection = (overrides: Partial<SelectionState>): SelectionState => ({
  ...initialSelectionState,
  mode: 'select',
  ...overrides,
});

describe('reading the ids of a selection when an action runs', () => {
  it('photos picked one by one need no request', async () => {
    const fetchIds = fetcher();
    expect(await resolveSelection(selection({ selectedIds: ['a', 'b'] }), fetchIds)).toEqual([
      'a',
      'b',
    ]);
    expect(fetchIds).not.toHaveBeenCalled();
  });

  it('a picked month gives all of its photos, minus those taken out, plus single picks', async () => {
    const fetchIds = fetcher();
    const ids = await resolveSelection(
      selection({ months: { '2024-7': 69 }, excludedIds: ['jul3'], selectedIds: ['other1'] }),
      fetchIds,
    );
    expect(ids).toHaveLength(69);
    expect(ids).not.toContain('jul3');
    expect(ids).toContain('jul68');
    expect(ids).toContain('other1');
    expect(fetchIds).toHaveBeenCalledWith({ year: 2024, month: 7 });
  });

  it('the whole library minus a month taken out', async () => {
    const ids = await resolveSelection(
      selection({ all: 84, exceptMonths: { '2024-6': 5 } }),
      fetcher(),
    );
    expect(ids).toHaveLength(79);
    expect(ids.some((id) => id.startsWith('jun'))).toBe(false);
  });

  it('a failed read fails the action', async () => {
    const failing = vi.fn(async () => Promise.reject(new Error('offline')));
    await expect(resolveSelection(selection({ all: 3 }), failing)).rejects.toThrow('offline');
  });
});
