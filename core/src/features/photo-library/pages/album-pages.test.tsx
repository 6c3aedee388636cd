import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Album } from '../../../api/schemas/album';
import { json } from '../../../testing/mock-fetch';
import { fixtureId, photoFixtures, sharedPhotoFixture } from '../../../testing/photo-fixtures';
import { recordAnswerCommits } from '../../../testing/answer-commits';
import { renderFeature } from '../../../testing/render-feature';
import { albumsApi } from '../../albums/api';
import { selectSelectionMode } from '../../photos/selection/selection-slice';
import { AlbumPage } from './album-page';
import { SharedAlbumPage } from './shared-album-page';

afterEach(() => vi.unstubAllGlobals());

const albumId = fixtureId(500);
const album = (overrides: Partial<Album> = {}): Album => ({
  albumId,
  albumName: 'Trip',
  coverPhoto: null,
  photosCount: 3,
  created: new Date().toISOString(),
  updated: new Date().toISOString(),
  userId: 'user-1',
  isShared: false,
  ownerId: 'user-1',
  ...overrides,
});
const photos = photoFixtures(1, 3);

function renderAlbum(overrides: Partial<Album> = {}, flags = {}) {
  return renderFeature(<AlbumPage />, {
    path: `/my-photos/albums/${albumId}`,
    route: '/my-photos/albums/:id',
    flags: { PhotoManagementAlbumViewEnabled: true, ...flags },
    routes: {
      [`/api/photo/albums/${albumId}`]: () => json(album(overrides)),
      [`/api/photo/albums/${albumId}/photos`]: () => json({ cursor: null, images: photos }),
    },
  });
}

describe('the album pages (docs/product.md#screens Single album page, shared album page)', () => {
  it('an album or its photos that fail to load offer "Try again", which loads them', async () => {
    let albumFails = true;
    let photosFail = true;
    await renderFeature(<AlbumPage />, {
      path: `/my-photos/albums/${albumId}`,
      route: '/my-photos/albums/:id',
      flags: { PhotoManagementAlbumViewEnabled: true },
      routes: {
        [`/api/photo/albums/${albumId}`]: () =>
          albumFails ? json({ statusCode: 503, message: 'down' }, 503) : json(album()),
        [`/api/photo/albums/${albumId}/photos`]: () =>
          photosFail
            ? json({ statusCode: 503, message: 'down' }, 503)
            : json({ cursor: null, images: photos }),
      },
    });
    const albumFailure = await screen.findByRole('alert', {
      name: 'Unable to display album. Please refresh the page or try again later.',
    });
    albumFails = false;
    fireEvent.click(within(albumFailure).getByRole('button', { name: 'Try again' }));
    const photosFailure = await screen.findByRole('alert', {
      name: 'Unable to display album photos. Please refresh the page or try again later.',
    });
    expect(screen.getByRole('heading', { name: 'Trip' })).toBeInTheDocument();
    photosFail = false;
    fireEvent.click(within(photosFailure).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('photo-tile')).toHaveLength(3));
    expect(screen.queryByRole('alert', { name: /Unable to display/ })).toBeNull();
  });

  it('an album: its name, details and photos in the one photo list', async () => {
    await renderAlbum();
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip' })).toBeInTheDocument();
    expect(screen.getByTestId('album-info')).toHaveTextContent('Created today · 3 photos');
    const feed = await screen.findByRole('region', { name: 'Trip' });
    await waitFor(() => expect(within(feed).getAllByTestId('photo-tile')).toHaveLength(3));
  });

  it("renders the album's answer after the store's notification, the spinner holding its place until then", async () => {
    const heading = () => screen.queryByRole('heading', { level: 1, name: 'Trip' }) !== null;
    const { commits, notified } = await recordAnswerCommits(
      (ui) =>
        renderFeature(ui, {
          path: `/my-photos/albums/${albumId}`,
          route: '/my-photos/albums/:id',
          flags: { PhotoManagementAlbumViewEnabled: true },
          routes: {
            [`/api/photo/albums/${albumId}`]: () => json(album()),
            [`/api/photo/albums/${albumId}/photos`]: () => json({ cursor: null, images: photos }),
          },
        }),
      <AlbumPage />,
      (state) => albumsApi.endpoints.getAlbum.select(albumId)(state).data !== undefined,
      heading,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip' })).toBeInTheDocument();
    // The answer in the store, past the store's notification, the spinner still showed: the
    // page came in a later render, not in the notification's task.
    expect(notified.find((n) => n.answered)).toEqual({
      answered: true,
      spinner: true,
      shown: false,
    });
    expect(commits.every((c) => c.spinner || c.shown)).toBe(true);
  });

  it('the pencil opens the rename form with focus in its field; Escape gives it back to the pencil', async () => {
    await renderAlbum();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename album' }));
    // The form's code loads after the album's photos: the first click may wait for it.
    const field = await screen.findByRole('textbox', { name: 'Album name' });
    await waitFor(() => expect(field).toHaveFocus());
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename album' })).toHaveFocus());
  });

  it('select mode: the bar with Cancel and Remove from album; leaving the page ends it', async () => {
    const { store, unmount } = await renderAlbum();
    fireEvent.click(await screen.findByRole('button', { name: 'Select' }));
    // The bar's code loads after the album's photos: the first Select may wait for it.
    const bar = within(await screen.findByRole('region', { name: 'Selected photos' }));
    expect(bar.getByRole('button', { name: 'Remove from album' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Select photo-1.jpg' }));
    expect(bar.getByRole('button', { name: 'Remove from album' })).toBeEnabled();
    unmount();
    expect(selectSelectionMode(store.getState())).toBe('off');
  });

  it('a shared album opens in the shared view when that view is on', async () => {
    const { location } = await renderAlbum(
      { isShared: true },
      { PhotoManagementSharedAlbumsViewEnabled: true },
    );
    await waitFor(() => expect(location().pathname).toBe(`/my-photos/shared-albums/${albumId}`));
  });

  it('delete album: confirmed, it goes back to the albums list', async () => {
    const { location, fetchMock } = await renderAlbum();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete album' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this album?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete album' }));
    await waitFor(() => expect(location().pathname).toBe('/my-photos/albums'));
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) =>
          String(input).endsWith(`/albums/${albumId}`) && (init as RequestInit).method === 'DELETE',
      ),
    ).toBe(true);
  });

  it('a shared album for a participant: who shared it, the banner, read-only actions', async () => {
    const sharedId = fixtureId(600);
    const members = {
      owner: { id: 'friend-1', email: 'friend@example.com' },
      participants: [{ id: 'user-1', email: 'demo@example.com' }],
    };
    await renderFeature(<SharedAlbumPage />, {
      path: `/my-photos/shared-albums/${sharedId}`,
      route: '/my-photos/shared-albums/:id',
      flags: { PhotoManagementAlbumViewEnabled: true },
      routes: {
        [`/api/photo/shared-albums/${sharedId}`]: () =>
          json({
            ...album({
              albumId: sharedId,
              albumName: 'Wedding',
              ownerId: 'friend-1',
              isShared: true,
            }),
            ...members,
          }),
        [`/api/photo/shared-albums/${sharedId}/participants`]: () => json(members),
        [`/api/photo/shared-albums/${sharedId}/photos`]: () =>
          json({ cursor: null, images: [sharedPhotoFixture(1), sharedPhotoFixture(2)] }),
      },
    });
    expect(await screen.findByTestId('shared-album-members')).toHaveTextContent(
      'Shared by friend@example.com',
    );
    expect(screen.getByTestId('shared-album-banner')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Select' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Select photo-1.jpg' }));
    // The bar's code loads after the album's photos: the first Select may wait for it.
    const bar = within(await screen.findByRole('region', { name: 'Selected photos' }));
    expect(bar.getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(bar.getByRole('button', { name: 'Copy to album' })).toBeDisabled();
    expect(bar.getByRole('button', { name: 'Remove from album' })).toBeDisabled();
  });
});
