import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { json } from '../../../testing/mock-fetch';
import { photoFixtures } from '../../../testing/photo-fixtures';
import { renderFeature } from '../../../testing/render-feature';
import { gridLayout } from '../../photos/grid-layout';
import {
  selectSelectedCount,
  selectSelectedIds,
  selectSelectionMode,
} from '../../photos/selection/selection-slice';
import { MonthSectionView } from './month-section';
import type { MonthSectionViewProps } from './month-section';

afterEach(() => vi.unstubAllGlobals());

const MONTH = '/api/photo/photos/timeline/2024/3';
const first = photoFixtures(1, 24);
const second = photoFixtures(25, 30);

/** March 2024 with 30 photos: a first page of 24 (cursor 'p2'), then 6. */
function monthRoutes(seen: string[], failFirst = false) {
  return {
    [MONTH]: (url: URL) => {
      const cursor = url.searchParams.get('cursor');
      seen.push(cursor ?? 'first');
      if (failFirst && seen.length === 1)
        return json({ statusCode: 500, error: 'x', message: 'boom' }, 500);
      return cursor === 'p2'
        ? json({ cursor: null, images: second })
        : json({ cursor: 'p2', images: first });
    },
  };
}

function renderSection(props: Partial<MonthSectionViewProps>, routes = {}) {
  return renderFeature(
    <MonthSectionView
      section={{ key: '2024-3', year: 2024, month: 3, count: 30 }}
      sort={{ sortKey: 'dateTaken', sortOrder: 'desc' }}
      label="March 2024"
      active
      scrolling={false}
      layout={gridLayout(400, 'small')}
      thumbnailSize={300}
      onOpen={vi.fn()}
      getOrderedIds={() => []}
      {...props}
    />,
    { routes },
  );
}

const section = () => within(screen.getByRole('region', { name: 'March 2024' }));

describe('a month section (docs/product.md#screens Timeline, docs/product.md#limits)', () => {
  it('off screen it loads nothing and keeps the room of 24 photos and the +6 tile', async () => {
    const seen: string[] = [];
    await renderSection({ active: false }, monthRoutes(seen));
    expect(section().getAllByTestId('photo-placeholder')).toHaveLength(24);
    expect(
      section().getByRole('button', { name: 'Show 6 more photos of March 2024' }),
    ).toBeDisabled();
    expect(seen).toEqual([]);
  });

  it('on screen it loads its first 24, and the +6 tile loads the rest', async () => {
    const seen: string[] = [];
    await renderSection({}, monthRoutes(seen));
    await waitFor(() => expect(section().getAllByTestId('photo-tile')).toHaveLength(24));
    expect(section().queryByTestId('photo-placeholder')).toBeNull();
    fireEvent.click(section().getByRole('button', { name: 'Show 6 more photos of March 2024' }));
    await waitFor(() => expect(section().getAllByTestId('photo-tile')).toHaveLength(30));
    expect(seen).toEqual(['first', 'p2']);
    expect(section().queryByRole('button', { name: /more photos/ })).toBeNull();
  });

  it('the month button selects all 30 photos of the month while 24 are loaded, then none', async () => {
    const { store } = await renderSection({}, monthRoutes([]));
    await waitFor(() => expect(section().getAllByTestId('photo-tile')).toHaveLength(24));
    const select = section().getByRole('button', { name: 'Select all photos of March 2024' });
    expect(select).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(select);
    expect(selectSelectionMode(store.getState())).toBe('select');
    expect(selectSelectedCount(store.getState())).toBe(30);
    // Its tiles show as selected, each one without being listed by id.
    expect(selectSelectedIds(store.getState())).toEqual([]);
    expect(section().getAllByRole('button', { pressed: true })).toHaveLength(25);
    const deselect = section().getByRole('button', { name: 'Deselect all photos of March 2024' });
    expect(deselect).toHaveAttribute('aria-pressed', 'true');
    act(() => fireEvent.click(deselect));
    expect(selectSelectedCount(store.getState())).toBe(0);
  });

  it('a failed load says so and Try again loads it again', async () => {
    const seen: string[] = [];
    await renderSection({}, monthRoutes(seen, true));
    expect(await section().findByRole('alert')).toHaveTextContent(
      'These photos could not be loaded.',
    );
    fireEvent.click(section().getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(section().getAllByTestId('photo-tile')).toHaveLength(24));
    expect(seen).toEqual(['first', 'first']);
  });

  it('leaving the screen before the page arrived aborts the request', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let setActive!: (active: boolean) => void;
    function Harness() {
      const [active, set] = useState(true);
      setActive = set;
      return (
        <MonthSectionView
          section={{ key: '2024-3', year: 2024, month: 3, count: 30 }}
          sort={{ sortKey: 'dateTaken', sortOrder: 'desc' }}
          label="March 2024"
          active={active}
          scrolling={false}
          layout={gridLayout(400, 'small')}
          thumbnailSize={300}
          onOpen={vi.fn()}
          getOrderedIds={() => []}
        />
      );
    }
    const { fetchMock } = await renderFeature(<Harness />, {
      routes: {
        [MONTH]: async () => {
          await held;
          return json({ cursor: null, images: first });
        },
      },
    });
    const monthCall = () =>
      fetchMock.mock.calls.find(([input]) => String(input).includes(MONTH)) as
        [string, RequestInit] | undefined;
    await waitFor(() => expect(monthCall()).toBeDefined());
    expect(monthCall()![1].signal!.aborted).toBe(false);
    act(() => setActive(false));
    expect(monthCall()![1].signal!.aborted).toBe(true);
    release();
  });
});
