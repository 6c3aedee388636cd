import { act, screen } from '@testing-library/react';
import { renderFeature } from '../../../testing/render-feature';
import { SORTING_OPTIONS_KEY, selectSortingHydrated } from './sorting-slice';
import { useSortingOptions } from './use-sorting-options';

const stored = {
  [SORTING_OPTIONS_KEY]: JSON.stringify({ photos: { sortKey: 'created', sortOrder: 'asc' } }),
};

function SortReader({ renders }: { renders: string[] }) {
  const [sort, setSort] = useSortingOptions('photos');
  renders.push(`${sort.sortKey} ${sort.sortOrder}`);
  return (
    <button type="button" onClick={() => setSort({ sortKey: 'dateTaken', sortOrder: 'desc' })}>
      {`${sort.sortKey} ${sort.sortOrder}`}
    </button>
  );
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('useSortingOptions', () => {
  it('answers the stored sort from the first render, and the store taking it over renders nothing again', async () => {
    const renders: string[] = [];
    const { store } = await renderFeature(<SortReader renders={renders} />, { storage: stored });
    expect(renders).toEqual(['created asc']);
    // The first effects hydrate the store; its readers hear of it at the next frame.
    await act(nextFrame);
    await act(nextFrame);
    expect(selectSortingHydrated(store.getState())).toBe(true);
    expect(renders).toEqual(['created asc']);
  });

  it('still renders a sort changed after the hydration', async () => {
    const renders: string[] = [];
    await renderFeature(<SortReader renders={renders} />, { storage: stored });
    await act(nextFrame);
    act(() => screen.getByRole('button', { name: 'created asc' }).click());
    expect(screen.getByRole('button', { name: 'dateTaken desc' })).toBeInTheDocument();
    expect(renders).toEqual(['created asc', 'dateTaken desc']);
  });
});
