import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderFeature } from '../../../testing/render-feature';
import {
  allSelected,
  selectSelectedIds,
  selectSelectionMode,
} from '../../photos/selection/selection-slice';
import { LibraryHeader } from './library-header';
import type { LibraryHeaderProps } from './library-header';

afterEach(() => vi.unstubAllGlobals());

function renderHeader(
  props: Partial<LibraryHeaderProps> = {},
  flags: Parameters<typeof renderFeature>[1] = {},
) {
  const handlers = { onSelectAll: vi.fn(), onUpload: vi.fn(), onDeleteAll: vi.fn() };
  const rendered = renderFeature(
    <LibraryHeader
      total={12}
      sort={{ sortKey: 'dateTaken', sortOrder: 'desc' }}
      onSortChange={vi.fn()}
      {...handlers}
      {...props}
    />,
    flags,
  );
  return { rendered, ...handlers };
}

const names = () => screen.getAllByRole('button').map((button) => button.textContent);

describe('the library header (docs/product.md#screens Photos header)', () => {
  it('outside select mode: Add photos and Order prints with their flags, Select, the sort, Delete all', async () => {
    const { rendered, onUpload, onDeleteAll } = renderHeader(
      {},
      {
        flags: { PhotoManagementUploadEnabled: true, PhotoManagementOrderPrintsEnabled: true },
      },
    );
    const { store } = await rendered;
    expect(screen.getByRole('heading', { level: 1, name: 'My photos' })).toBeInTheDocument();
    expect(names()).toEqual([
      'Add photos',
      'Order prints',
      'Select',
      'Date taken (newest first)',
      'Delete all photos',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add photos' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete all photos' }));
    expect(onUpload).toHaveBeenCalled();
    expect(onDeleteAll).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Order prints' }));
    expect(selectSelectionMode(store.getState())).toBe('orderPrints');
  });

  it('while the count loads, the actions that need photos keep their place, disabled', async () => {
    await renderHeader(
      { total: undefined },
      {
        flags: { PhotoManagementUploadEnabled: true, PhotoManagementOrderPrintsEnabled: true },
      },
    ).rendered;
    expect(names()).toEqual([
      'Add photos',
      'Order prints',
      'Select',
      'Date taken (newest first)',
      'Delete all photos',
    ]);
    for (const name of ['Order prints', 'Select', 'Delete all photos'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add photos' })).toBeEnabled();
  });

  it('flags off and an empty library: only the sort', async () => {
    await renderHeader(
      { total: 0 },
      {
        flags: { PhotoManagementUploadEnabled: false, PhotoManagementOrderPrintsEnabled: false },
      },
    ).rendered;
    expect(names()).toEqual(['Date taken (newest first)']);
  });

  it('in select mode: the count, Select all, Deselect all (not with none), Cancel', async () => {
    const { rendered, onSelectAll } = renderHeader();
    const { store } = await rendered;
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('0 selected');
    expect(screen.getByRole('button', { name: 'Deselect all' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(onSelectAll).toHaveBeenCalled();
    act(() => {
      store.dispatch(allSelected(['a', 'b']));
    });
    expect(screen.getByTestId('selected-count')).toHaveTextContent('2 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Deselect all' }));
    expect(selectSelectedIds(store.getState())).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(selectSelectionMode(store.getState())).toBe('off');
  });

  it.each([
    ['en-GB', '12,345 selected'],
    ['nl-NL', '12.345 geselecteerd'],
  ])('groups the count of a big selection in the page language (%s)', async (locale, expected) => {
    const { store } = await renderFeature(
      <LibraryHeader
        total={20_000}
        sort={{ sortKey: 'dateTaken', sortOrder: 'desc' }}
        onSortChange={vi.fn()}
        onSelectAll={vi.fn()}
        onUpload={vi.fn()}
        onDeleteAll={vi.fn()}
      />,
      { locale },
    );
    act(() => {
      store.dispatch(allSelected(Array.from({ length: 12_345 }, (_, i) => `p${i}`)));
    });
    expect(screen.getByTestId('selected-count')).toHaveTextContent(expected);
  });

  it('on a phone: Add photos, then one "More actions" menu with the other actions and the sort', async () => {
    const matchMedia = window.matchMedia.bind(window);
    vi.stubGlobal('matchMedia', (query: string) =>
      Object.assign(matchMedia(query), { matches: query.startsWith('(max-width') }),
    );
    const onSortChange = vi.fn();
    const { rendered, onDeleteAll } = renderHeader(
      { onSortChange },
      {
        flags: { PhotoManagementUploadEnabled: true, PhotoManagementOrderPrintsEnabled: true },
      },
    );
    const { store } = await rendered;
    expect(names()).toEqual(['Add photos', 'More actions']);
    const more = screen.getByRole('button', { name: 'More actions' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');

    fireEvent.click(more);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Order prints',
      'Select',
      'Delete all photos',
      'Date taken (newest first)',
      'Date taken (oldest first)',
      'Date uploaded (newest first)',
      'Date uploaded (oldest first)',
    ]);
    expect(within(menu).getByText('Sort photos')).toBeInTheDocument();
    expect(
      within(menu).getByRole('menuitem', { name: 'Date taken (newest first)' }),
    ).toHaveAttribute('aria-current', 'true');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Date uploaded (newest first)' }));
    expect(onSortChange).toHaveBeenCalledWith({ sortKey: 'created', sortOrder: 'desc' });

    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete all photos' }));
    expect(onDeleteAll).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Select' }));
    expect(selectSelectionMode(store.getState())).toBe('select');
  });
});
