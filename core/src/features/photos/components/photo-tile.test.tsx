import { act, fireEvent, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { photoFixtures } from '../../../testing/photo-fixtures';
import { renderFeature } from '../../../testing/render-feature';
import { renderCountingTiles } from '../../../testing/tile-commits';
import {
  selectModeStarted,
  selectSelectedIds,
  selectSelectionMode,
} from '../selection/selection-slice';
import { PhotoGrid } from './photo-grid';
import { gridLayout } from '../grid-layout';

afterEach(() => vi.unstubAllGlobals());

const photos = photoFixtures(1, 5);

async function renderGrid(onOpen = vi.fn(), month?: string) {
  const rendered = await renderFeature(
    <PhotoGrid
      photos={photos}
      layout={gridLayout(600, 'medium')}
      thumbnailSize={300}
      placeholders={2}
      onOpen={onOpen}
      month={month}
    />,
  );
  return { ...rendered, onOpen };
}

describe('the photo grid and its tiles (docs/product.md#states Selection mode)', () => {
  it('lays out square tiles in the layout’s columns, with grey placeholders after the photos', async () => {
    await renderGrid();
    const grid = screen.getByRole('list');
    expect(grid.style.gridTemplateColumns).toBe('repeat(4, 147px)');
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getAllByTestId('photo-placeholder')).toHaveLength(2);
  });

  it('renders its first two rows at once and the rest in a deferred render, placeholders meanwhile', async () => {
    // Tiles and placeholders in the document at each commit.
    const commits = await renderCountingTiles(
      <PhotoGrid
        photos={photoFixtures(1, 20)}
        layout={gridLayout(600, 'medium')}
        thumbnailSize={300}
        placeholders={1}
        onOpen={vi.fn()}
      />,
    );
    // Four columns: two rows, the other 12 photos' boxes kept by placeholders, then all 20.
    expect(commits[0]).toEqual([8, 13]);
    expect(commits.at(-1)).toEqual([20, 1]);
    expect(screen.getAllByRole('button', { name: /^Open photo-/ })).toHaveLength(20);
  });

  it('keeps a placeholder in its cell until a photo takes it, so nothing moves (layout shift)', async () => {
    const commits: Element[][] = [];
    const record = () => commits.push([...screen.getByRole('list').children]);
    const grid = (shown: number) => (
      <Profiler id="grid" onRender={record}>
        <PhotoGrid
          photos={photoFixtures(1, shown)}
          layout={gridLayout(600, 'medium')}
          thumbnailSize={300}
          placeholders={20 - shown}
          onOpen={vi.fn()}
        />
      </Profiler>
    );
    const { rerender } = await renderFeature(grid(0));
    const loading = commits.at(-1)!;
    rerender(grid(20));
    // The first commit with photos has two rows of them; the cells after are the same nodes.
    const urgent = commits.find((cells) => cells[0]?.getAttribute('data-testid') === 'photo-tile')!;
    expect(urgent[7]).toHaveAttribute('data-testid', 'photo-tile');
    expect(urgent.slice(8).every((cell, i) => cell === loading[8 + i])).toBe(true);
  });

  it('outside select mode a click opens the photo (with its month); the round check starts selecting', async () => {
    const { onOpen, store } = await renderGrid(vi.fn(), '2024-3');
    fireEvent.click(screen.getByRole('button', { name: 'Open photo-2.jpg' }));
    expect(onOpen).toHaveBeenCalledWith(photos[1], '2024-3');
    // The check exists only while the pointer or focus is on the tile.
    expect(screen.queryByRole('button', { name: 'Select photo-2.jpg' })).toBeNull();
    fireEvent.pointerEnter(screen.getAllByTestId('photo-tile')[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Select photo-2.jpg' }));
    expect(selectSelectionMode(store.getState())).toBe('select');
    expect(selectSelectedIds(store.getState())).toEqual([photos[1]!.imageId]);
  });

  it('without a preview (Recently deleted) a click or Enter picks the photo, and a badge shows', async () => {
    const onOpen = vi.fn();
    const { store } = await renderFeature(
      <PhotoGrid
        photos={photos}
        layout={gridLayout(600, 'medium')}
        thumbnailSize={300}
        onOpen={onOpen}
        opens={false}
        badge={(photo) => `${photo.localFileName} badge`}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Select photo-2.jpg' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Select photo-3.jpg' }), { key: 'Enter' });
    expect(onOpen).not.toHaveBeenCalled();
    expect(selectSelectedIds(store.getState())).toEqual([photos[1]!.imageId, photos[2]!.imageId]);
    expect(screen.getByText('photo-4.jpg badge')).toBeInTheDocument();
  });

  it('in select mode a click toggles and shift-click selects the range', async () => {
    const { onOpen, store } = await renderGrid();
    act(() => {
      store.dispatch(selectModeStarted());
    });
    const button = (n: number) => screen.getByRole('button', { name: `Select photo-${n}.jpg` });
    fireEvent.click(button(2));
    expect(button(2)).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(button(5), { shiftKey: true });
    expect(selectSelectedIds(store.getState())).toEqual(
      [2, 3, 4, 5].map((n) => photos[n - 1]!.imageId),
    );
    fireEvent.click(button(3));
    expect(selectSelectedIds(store.getState())).not.toContain(photos[2]!.imageId);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('one tile is the tab stop; Enter opens, Space selects, the arrows move focus', async () => {
    const { onOpen, store } = await renderGrid();
    const open = (n: number) => screen.getByRole('button', { name: `Open photo-${n}.jpg` });
    expect(open(1)).toHaveAttribute('tabindex', '0');
    expect(open(2)).toHaveAttribute('tabindex', '-1');
    act(() => open(2).focus());
    expect(open(2)).toHaveAttribute('tabindex', '0');
    expect(open(1)).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(open(2), { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(photos[1], undefined);
    fireEvent.keyDown(open(2), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(open(3));
    fireEvent.keyDown(open(3), { key: ' ' });
    expect(selectSelectionMode(store.getState())).toBe('select');
    expect(selectSelectedIds(store.getState())).toEqual([photos[2]!.imageId]);
    // The trailing tile of a grid sits in a list item too.
    expect(screen.getByRole('list').children).toHaveLength(7);
  });
});
