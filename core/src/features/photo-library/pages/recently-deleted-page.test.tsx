import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TrashedAlbum, TrashedPhoto } from '../../../api/schemas/trash';
import { json } from '../../../testing/mock-fetch';
import { fixtureId, photoFixture, photoUserFixture } from '../../../testing/photo-fixtures';
import { renderFeature } from '../../../testing/render-feature';
import { showToast } from '../../../ui/toast';
import type * as ToastModule from '../../../ui/toast';
import { RecentlyDeletedPage } from './recently-deleted-page';

vi.mock('../../../ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  showToast: vi.fn(() => 'toast'),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY - 60_000).toISOString();

const trashed = (n: number, days: number): TrashedPhoto => ({
  ...photoFixture(n),
  deletedAt: new Date().toISOString(),
  purgeAt: inDays(days),
});

const album: TrashedAlbum = {
  albumId: fixtureId(90, '2b5e3f5a-6f1e-4c9e-9a51'),
  albumName: 'Summer',
  coverPhoto: null,
  photosCount: 4,
  created: '2024-04-01T10:00:00.000Z',
  updated: '2024-04-01T10:00:00.000Z',
  userId: 'user-1',
  isShared: false,
  ownerId: 'user-1',
  deletedAt: new Date().toISOString(),
  purgeAt: inDays(29),
};

/** The page on its route, with what each trash call answers; returns the request bodies seen. */
async function recentlyDeleted(photos: TrashedPhoto[], albums: TrashedAlbum[] = []) {
  const rendered = await renderFeature(<RecentlyDeletedPage />, {
    path: '/my-photos/recently-deleted',
    flags: { PhotoManagementTimelineViewEnabled: true },
    routes: {
      '/api/photo/users': () => json(photoUserFixture()),
      // GET (the page) and DELETE (delete for good) share the path; the routes see no method.
      '/api/photo/photos/trash': () => json({ cursor: null, photos, failed: [] }),
      '/api/photo/albums/trash': () => json({ albums }),
      '/api/photo/photos/trash/restore': () => json({ failed: [] }),
      '/api/photo/albums/trash/restore': () => json({ failed: [] }),
      '/api/photo/photos/trash/all': () => json({ deleted: photos.length, deletedAlbums: 0 }),
    },
  });
  const sent = (path: string) =>
    (rendered.fetchMock.mock.calls as [unknown, RequestInit | undefined][])
      .filter(([url]) => new URL(String(url)).pathname === `/api/photo${path}`)
      .map(([, init]) => ({ method: init?.method ?? 'GET', body: init?.body }));
  return { ...rendered, sent };
}

const lastToast = () => vi.mocked(showToast).mock.calls.at(-1)?.[0];

describe('Recently deleted (docs/product.md#recently-deleted)', () => {
  it('shows the deleted photos with the days left on each tile, and the deleted albums', async () => {
    await recentlyDeleted([trashed(1, 30), trashed(2, 1)], [album]);
    expect(
      await screen.findByRole('heading', { name: 'Recently deleted', level: 1 }),
    ).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Recently deleted' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const tiles = await screen.findAllByTestId('photo-tile');
    expect(tiles.map((tile) => tile.textContent)).toEqual(['30 days', '1 day']);
    const albums = screen.getByRole('region', { name: 'Albums' });
    expect(within(albums).getByText('Summer')).toBeVisible();
    expect(within(albums).getByText('29 days')).toBeVisible();
  });

  it('a tile picks its photo; Restore sends the picked ids and says how many came back', async () => {
    const page = await recentlyDeleted([trashed(1, 30), trashed(2, 20)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Select photo-2.jpg' }));
    const bar = await screen.findByRole('toolbar', { name: '1 selected' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ message: '1 photo restored', focus: true }),
    );
    expect(page.sent('/photos/trash/restore')).toEqual([
      { method: 'POST', body: JSON.stringify({ photoIds: [fixtureId(2)] }) },
    ]);
    expect(screen.queryByRole('toolbar', { name: '1 selected' })).toBeNull();
  });

  it('Delete permanently asks first, then deletes the picked photos for good', async () => {
    const page = await recentlyDeleted([trashed(1, 30), trashed(2, 20)]);
    await screen.findAllByTestId('photo-tile');
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    const bar = await screen.findByRole('toolbar', { name: '2 selected' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Delete permanently' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Delete 2 photos permanently?' },
      { timeout: 10_000 },
    );
    expect(page.sent('/photos/trash').filter((call) => call.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ message: '2 photos deleted permanently', focus: true }),
    );
    expect(page.sent('/photos/trash')).toContainEqual({
      method: 'DELETE',
      body: JSON.stringify({ photoIds: [fixtureId(1), fixtureId(2)] }),
    });
    // The dialog's code loads on first use.
  }, 20_000);

  it('Empty asks first, then empties Recently deleted and says so', async () => {
    const page = await recentlyDeleted([trashed(1, 30)], [album]);
    fireEvent.click(await screen.findByRole('button', { name: 'Empty' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Empty Recently deleted?' },
      { timeout: 10_000 },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Empty' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        message: 'Recently deleted is empty. Its photos and albums were deleted for good.',
      }),
    );
    expect(page.sent('/photos/trash/all')).toEqual([{ method: 'DELETE', body: undefined }]);
  });

  it('a deleted album comes back with Restore', async () => {
    const page = await recentlyDeleted([], [album]);
    fireEvent.click(await screen.findByRole('button', { name: 'Restore album "Summer"' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ message: 'Album "Summer" restored' }));
    expect(page.sent('/albums/trash/restore')).toEqual([
      { method: 'POST', body: JSON.stringify({ albumIds: [album.albumId] }) },
    ]);
  });

  it('says so when nothing was deleted', async () => {
    await recentlyDeleted([]);
    expect(await screen.findByText('Nothing in Recently deleted')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Empty' })).toBeNull();
  });
});
