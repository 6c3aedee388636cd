import { screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { photoFixtures } from '../../../testing/photo-fixtures';
import { renderFeature } from '../../../testing/render-feature';
import { renderCountingTiles } from '../../../testing/tile-commits';
import { MAX_LIST_HEIGHT } from '../list-scale';
import { SCROLL_POSITION_KEY } from '../persisted-state';
import { PhotoList } from './photo-list';
import type { PhotoListProps } from './photo-list';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderList(props: Partial<PhotoListProps>, storage: Record<string, string> = {}) {
  const fetchNextPage = vi.fn();
  const rendered = renderFeature(
    <PhotoList
      photos={[]}
      total={0}
      loaded
      hasNextPage={false}
      isFetching={false}
      fetchNextPage={fetchNextPage}
      label="Trip"
      onOpen={vi.fn()}
      {...props}
    />,
    { storage },
  );
  return { rendered, fetchNextPage };
}

// jsdom is 1024 × 768: 5 columns of 201 px, so about 4 rows are on screen.
describe('the flat photo list (docs/product.md#screens: infinite-scroll pages)', () => {
  it('has the height of every photo at once and renders only the rows near the screen', async () => {
    renderList({ photos: photoFixtures(1, 500), total: 500 });
    const feed = await screen.findByRole('region', { name: 'Trip' });
    expect(parseInt(feed.style.height, 10)).toBe(100 * 205);
    const tiles = screen.getAllByTestId('photo-tile').length;
    expect(tiles).toBeGreaterThan(0);
    expect(tiles).toBeLessThan(60);
  });

  it('a million photos stay under the browser height cap and still scroll to the last row', async () => {
    renderList({ photos: photoFixtures(1, 500), total: 1_000_000, hasNextPage: true });
    const feed = await screen.findByRole('region', { name: 'Trip' });
    // 200,000 rows of 205 px would be 41 M px: the box is capped, the rows are not.
    expect(parseInt(feed.style.height, 10)).toBe(MAX_LIST_HEIGHT);
    const rowIndexes = () =>
      [...feed.querySelectorAll('[data-index]')].map((row) =>
        Number(row.getAttribute('data-index')),
      );
    expect(Math.min(...rowIndexes())).toBe(0);
    // The last screen of the box is the last screen of the list.
    Object.defineProperty(window, 'scrollY', {
      configurable: true,
      value: MAX_LIST_HEIGHT - window.innerHeight,
    });
    window.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(Math.max(...rowIndexes())).toBe(199_999));
    expect(rowIndexes().length).toBeLessThan(20);
    // Halfway down the box, the rows of the middle of the list.
    Object.defineProperty(window, 'scrollY', {
      configurable: true,
      value: (MAX_LIST_HEIGHT - window.innerHeight) / 2,
    });
    window.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(Math.min(...rowIndexes())).toBeGreaterThan(99_990));
    expect(Math.max(...rowIndexes())).toBeLessThan(100_010);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('renders its first two rows of photos at once and the other rows’ photos in a deferred render', async () => {
    const commits = await renderCountingTiles(
      <PhotoList
        photos={photoFixtures(1, 40)}
        total={40}
        loaded
        hasNextPage={false}
        isFetching={false}
        fetchNextPage={vi.fn()}
        label="Trip"
        onOpen={vi.fn()}
      />,
    );
    // Five columns: ten photos first, the rows after them as placeholders, then photos.
    const first = commits.find(([tiles]) => tiles > 0)!;
    expect(first[0]).toBe(10);
    expect(first[1]).toBeGreaterThan(0);
    const [tiles, placeholders] = commits.at(-1)!;
    expect(tiles).toBeGreaterThan(10);
    expect(placeholders).toBe(0);
  });

  it('before its first page it shows placeholders for the known total', async () => {
    renderList({ photos: [], total: 12, loaded: false });
    await waitFor(() => expect(screen.getAllByTestId('photo-placeholder')).toHaveLength(12));
  });

  it('asks for the next page when the rendered rows near the end of what is loaded', async () => {
    const { fetchNextPage } = renderList({
      photos: photoFixtures(1, 10),
      total: 1200,
      hasNextPage: true,
    });
    await waitFor(() => expect(fetchNextPage).toHaveBeenCalled());
  });

  it('does not ask while a page is coming or when everything is loaded', async () => {
    const busy = renderList({
      photos: photoFixtures(1, 10),
      total: 1200,
      hasNextPage: true,
      isFetching: true,
    });
    await busy.rendered;
    const done = renderList({ photos: photoFixtures(1, 10), total: 10 });
    await done.rendered;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(busy.fetchNextPage).not.toHaveBeenCalled();
    expect(done.fetchNextPage).not.toHaveBeenCalled();
  });

  it('mounts empty without rendering again inside its commit, reading no layout and scrolling nowhere, while its first page is on the way', async () => {
    // On a phone, a layout read or a re-render inside the page's first commit makes it one long
    // task, with every effect still pending (docs/architecture.md, phone blocking time).
    const widthRead = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get');
    const rectRead = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    // React names a commit rendered from inside the previous one's layout phase 'nested-update'.
    const phases: string[] = [];
    await renderFeature(
      <Profiler id="list" onRender={(_id, phase) => phases.push(phase)}>
        <PhotoList
          photos={[]}
          total={0}
          loaded={false}
          hasNextPage={false}
          isFetching
          fetchNextPage={vi.fn()}
          label="Trip"
          onOpen={vi.fn()}
        />
      </Profiler>,
    );
    await screen.findByRole('region', { name: 'Trip' });
    expect(phases[0]).toBe('mount');
    expect(phases).not.toContain('nested-update');
    expect(widthRead).not.toHaveBeenCalled();
    expect(rectRead).not.toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('back from the preview it scrolls to where it was, once loaded', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { rendered } = renderList(
      { photos: photoFixtures(1, 100), total: 100 },
      { [SCROLL_POSITION_KEY]: '[0,1400]' },
    );
    await rendered;
    await waitFor(() =>
      expect(scrollTo).toHaveBeenCalledWith({ left: 0, top: 1400, behavior: 'smooth' }),
    );
  });
});
