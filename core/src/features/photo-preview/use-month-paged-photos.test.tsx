import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { json } from '../../testing/mock-fetch';
import { fixtureId, photoFixtures } from '../../testing/photo-fixtures';
import { renderFeature } from '../../testing/render-feature';
import { buildMonthSections } from '../photos/month-sections';
import { monthIndex, useMonthPagedPhotos } from './use-month-paged-photos';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Four months, newest first: June (3 photos), April (5, in pages of 3 and 2), March (4), January (2).
const months: Record<string, number[][]> = {
  '2024/6': [[601, 603]],
  '2024/4': [
    [401, 403],
    [404, 405],
  ],
  '2024/3': [[301, 304]],
  '2024/1': [[101, 102]],
};

function routes(seen: string[]) {
  const table: Record<string, unknown> = {
    '/api/photo/users/timeline': { timeline: { '2024': { '1': 2, '3': 4, '4': 5, '6': 3 } } },
    '/api/photo/photos': () => {
      seen.push('flat list');
      return json({ cursor: null, images: [] });
    },
  };
  for (const [key, pages] of Object.entries(months)) {
    table[`/api/photo/photos/timeline/${key}`] = (url: URL) => {
      const page = Number(url.searchParams.get('cursor') ?? 0);
      seen.push(`${key}#${page}`);
      const [from, to] = pages[page]!;
      return json({
        cursor: page + 1 < pages.length ? String(page + 1) : null,
        images: photoFixtures(from!, to!),
      });
    };
  }
  return table;
}

/** The list's ids, its flags, and buttons for what the preview does with it. */
function Probe({ start, first }: { start: string; first: number }) {
  const [photoId, setPhotoId] = useState(fixtureId(first));
  const list = useMonthPagedPhotos({ sortKey: 'dateTaken', sortOrder: 'desc' }, start, photoId);
  return (
    <div>
      <output data-testid="ids">
        {list.photos.map((photo) => Number(photo.imageId.slice(-12))).join(',')}
      </output>
      <output data-testid="more">{String(list.hasMore && !list.isFetchingMore)}</output>
      <output data-testid="month">{list.sectionOf?.(photoId) ?? ''}</output>
      <button onClick={list.loadMore}>more</button>
      <button onClick={() => setPhotoId(list.photos[0]!.imageId)}>show first</button>
    </div>
  );
}

const ids = () => screen.getByTestId('ids').textContent;

describe('the preview’s list by month (docs/product.md#screens "Photo preview")', () => {
  it('starts at the photo’s month with the newer month whole before it, and reads on by page and month', async () => {
    const seen: string[] = [];
    await renderFeature(<Probe start="2024-3" first={301} />, { routes: routes(seen) });
    // April joins once both its pages are in; June (two months up) is not read.
    await waitFor(() => expect(ids()).toBe('401,402,403,404,405,301,302,303,304'));
    expect(screen.getByTestId('month').textContent).toBe('2024-3');
    await waitFor(() => expect(screen.getByTestId('more').textContent).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'more' }));
    await waitFor(() => expect(ids()).toBe('401,402,403,404,405,301,302,303,304,101,102'));
    await waitFor(() => expect(screen.getByTestId('more').textContent).toBe('false'));
    expect(seen).not.toContain('flat list');
    expect(seen).not.toContain('2024/6#0');
  });

  it('once the shown photo is in the month before, the month before that loads', async () => {
    const seen: string[] = [];
    await renderFeature(<Probe start="2024-3" first={301} />, { routes: routes(seen) });
    await waitFor(() => expect(ids()).toBe('401,402,403,404,405,301,302,303,304'));
    fireEvent.click(screen.getByRole('button', { name: 'show first' }));
    await waitFor(() => expect(ids()).toBe('601,602,603,401,402,403,404,405,301,302,303,304'));
    expect(screen.getByTestId('month').textContent).toBe('2024-4');
  });

  it('a month no longer in the timeline stands for the next one in the list’s order', () => {
    const sections = buildMonthSections({ '2024': { '1': 2, '3': 4, '6': 3 } }, 'desc');
    expect(monthIndex(sections, '2024-3', 'desc')).toBe(1);
    expect(monthIndex(sections, '2024-4', 'desc')).toBe(1);
    expect(monthIndex(sections, '2023-12', 'desc')).toBe(-1);
    expect(monthIndex(sections, 'not-a-month', 'desc')).toBe(-1);
    const ascending = buildMonthSections({ '2024': { '1': 2, '3': 4, '6': 3 } }, 'asc');
    expect(monthIndex(ascending, '2024-4', 'asc')).toBe(2);
  });
});
