import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pendingAnalyticsEvents } from '../../store/analytics';
import { setConsentChoice } from '../../store/consent';
import { json } from '../../testing/mock-fetch';
import { photoFixture, photoFixtures, sharedPhotoFixture } from '../../testing/photo-fixtures';
import { renderFeature } from '../../testing/render-feature';
import {
  allSelected,
  photoToggled,
  selectModeStarted,
  selectSelectionMode,
} from '../photos/selection/selection-slice';
import { downloadDisabled } from './download-action';
import { PhotoSelectionBar } from './photo-selection-bar';
import type { SelectionView } from './photo-selection-bar';

afterEach(() => {
  vi.unstubAllGlobals();
  setConsentChoice(null);
});

const photos = photoFixtures(1, 3);

async function renderBar(
  view: SelectionView,
  selected: string[],
  options: Parameters<typeof renderFeature>[1] = {},
  onCancel?: () => void,
) {
  const rendered = await renderFeature(
    <PhotoSelectionBar
      view={view}
      selectedItems={() => photos.filter((photo) => selected.includes(photo.imageId))}
      onCancel={onCancel}
    />,
    { flags: { PhotoManagementAlbumViewEnabled: true }, ...options },
  );
  act(() => {
    rendered.store.dispatch(selectModeStarted());
    rendered.store.dispatch(allSelected(selected));
  });
  const bar = screen.getByRole('region', { name: 'Selected photos' });
  return { ...rendered, bar: within(bar) };
}

const library: SelectionView = { kind: 'library' };
const album: SelectionView = { kind: 'album', albumId: 'a-1', albumName: 'Trip' };
const shared: SelectionView = { kind: 'shared', albumId: 'a-2', albumName: 'Wedding' };

describe('the selection bar (docs/product.md#screens, docs/product.md#validation)', () => {
  it.each([
    [0, true],
    [1, false],
    [100, false],
    [101, true],
  ])('download with %i selected disabled: %s', (count, disabled) => {
    expect(downloadDisabled(count)).toBe(disabled);
  });

  it('library: every action is disabled with nothing selected', async () => {
    const { bar } = await renderBar(library, []);
    for (const name of ['Download', 'Copy to album', 'Delete'])
      expect(bar.getByRole('button', { name })).toBeDisabled();
    expect(bar.queryByRole('button', { name: 'Remove from album' })).toBeNull();
  });

  it('above 100 only download is disabled, wrapped for its tooltip', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => photoFixture(i + 1).imageId);
    const { bar } = await renderBar(library, ids);
    expect(bar.getByText('101 selected')).toBeInTheDocument();
    expect(bar.getByRole('button', { name: 'Download' })).toBeDisabled();
    expect(bar.getByTestId('download-limit')).toContainElement(
      bar.getByRole('button', { name: 'Download' }),
    );
    expect(bar.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('offers copy to album only with the album-view flag', async () => {
    const { bar } = await renderBar(library, [photos[0]!.imageId], {
      flags: { PhotoManagementAlbumViewEnabled: false },
    });
    expect(bar.queryByRole('button', { name: 'Copy to album' })).toBeNull();
  });

  it('library: delete asks, stops select mode and deletes the selected photos', async () => {
    const deleted: unknown[] = [];
    const { bar, store } = await renderBar(library, [photos[0]!.imageId], {
      routes: {
        '/api/photo/photos': () => {
          deleted.push(true);
          return json({ failed: [] });
        },
      },
    });
    fireEvent.click(bar.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 photo?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(selectSelectionMode(store.getState())).toBe('off'));
    await waitFor(() => expect(deleted).toHaveLength(1));
  });

  it('library: one photo downloads from its original, then select mode ends', async () => {
    const { bar, store, platform } = await renderBar(library, [photos[0]!.imageId]);
    fireEvent.click(bar.getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(platform.downloads.saveFile).toHaveBeenCalledWith(
        photos[0]!.untouchedUrl,
        photos[0]!.localFileName,
      ),
    );
    await waitFor(() => expect(selectSelectionMode(store.getState())).toBe('off'));
  });

  it('album: Cancel, the count and Remove from album instead of Delete', async () => {
    const onCancel = vi.fn();
    const { bar } = await renderBar(album, [photos[0]!.imageId], {}, onCancel);
    const toolbar = within(screen.getByRole('toolbar'));
    expect(toolbar.getByText('1 selected')).toBeInTheDocument();
    fireEvent.click(toolbar.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(bar.getByRole('button', { name: 'Remove from album' })).toBeEnabled();
    expect(bar.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('album: remove takes the photos out of the album and ends select mode', async () => {
    setConsentChoice({ analytics: true, marketing: false });
    const calls: string[] = [];
    const { bar, store } = await renderBar(album, [photos[0]!.imageId], {
      routes: {
        '/api/photo/albums/a-1/photos': () => {
          calls.push('remove');
          return json({ failed: [] });
        },
      },
    });
    act(() => {
      store.dispatch(photoToggled(photos[1]!.imageId));
    });
    fireEvent.click(bar.getByRole('button', { name: 'Remove from album' }));
    await waitFor(() => expect(calls).toEqual(['remove']));
    await waitFor(() => expect(selectSelectionMode(store.getState())).toBe('off'));
    // Counted (analytics allowed in this test).
    expect(pendingAnalyticsEvents()).toContainEqual(
      expect.objectContaining({ kind: 'counter', name: 'PhotoManagement.RemoveFromAlbum' }),
    );
  });

  it('shared album: download only; copy, remove and order prints say why not', async () => {
    const { bar } = await renderBar(shared, [photos[0]!.imageId], {
      flags: { PhotoManagementAlbumViewEnabled: true, PhotoManagementOrderPrintsEnabled: true },
    });
    expect(bar.getByRole('button', { name: 'Download' })).toBeEnabled();
    for (const name of ['Copy to album', 'Remove from album', 'Order prints']) {
      const button = bar.getByRole('button', { name });
      expect(button).toBeDisabled();
      // The disabled button sits in a focusable wrapper carrying the tooltip.
      expect(button.parentElement).toHaveAttribute('tabindex', '0');
    }
    fireEvent.focus(bar.getByRole('button', { name: 'Copy to album' }).parentElement!);
    expect(
      await screen.findByRole('tooltip', { name: 'Unavailable for shared albums' }),
    ).toBeVisible();
  });

  it('shared album: several photos go to the shared archive job with their owners', async () => {
    const bodies: unknown[] = [];
    const sharedItems = [sharedPhotoFixture(1), sharedPhotoFixture(2)];
    const rendered = await renderFeature(
      <PhotoSelectionBar view={shared} selectedItems={() => sharedItems} />,
      {
        routes: {
          '/api/photo/shared-album-downloads': () => {
            bodies.push('job');
            return json({ statusCode: 500, error: 'x', message: 'stop here' }, 500);
          },
        },
      },
    );
    act(() => {
      rendered.store.dispatch(selectModeStarted());
      rendered.store.dispatch(allSelected(sharedItems.map((p) => p.imageId)));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    const call = rendered.fetchMock.mock.calls.find(([input]) =>
      String(input).includes('/shared-album-downloads'),
    )!;
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({
      albumId: 'a-2',
      photos: sharedItems.map((p) => ({ photoId: p.imageId, ownerId: 'friend-1' })),
    });
  });
});
