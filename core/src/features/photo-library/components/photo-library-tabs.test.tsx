import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json } from '../../../testing/mock-fetch';
import { photoUserFixture } from '../../../testing/photo-fixtures';
import { renderFeature } from '../../../testing/render-feature';
import { PhotoLibraryTabs, albumsTabCount } from './photo-library-tabs';

afterEach(() => vi.unstubAllGlobals());

describe('photo library tabs (docs/product.md#screens)', () => {
  it.each([
    [3, 2, true, 5],
    [3, 2, false, 3],
    [0, 0, true, 0],
  ])('albums %i + shared %i (shared view %s) = %i', (own, shared, flag, total) => {
    expect(albumsTabCount(own, shared, flag)).toBe(total);
  });

  it('shows the counts and keeps the query string when switching', async () => {
    const { location } = await renderFeature(<PhotoLibraryTabs />, {
      path: '/my-photos/photos?utm=x',
      flags: { PhotoManagementSharedAlbumsViewEnabled: true },
      routes: { '/api/photo/users': () => json(photoUserFixture()) },
    });
    expect(await screen.findByRole('tab', { name: 'Photos (12)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Albums (5)' }));
    await waitFor(() => expect(location().pathname).toBe('/my-photos/albums'));
    expect(location().search).toBe('?utm=x');
  });

  it('offers Recently deleted with the timeline view only', async () => {
    const on = await renderFeature(<PhotoLibraryTabs />, {
      path: '/my-photos/photos',
      flags: { PhotoManagementTimelineViewEnabled: true },
      routes: { '/api/photo/users': () => json(photoUserFixture()) },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Recently deleted' }));
    await waitFor(() => expect(on.location().pathname).toBe('/my-photos/recently-deleted'));
    on.unmount();

    await renderFeature(<PhotoLibraryTabs />, {
      path: '/my-photos/photos',
      flags: { PhotoManagementTimelineViewEnabled: false },
      routes: { '/api/photo/users': () => json(photoUserFixture()) },
    });
    await screen.findByRole('tab', { name: 'Photos (12)' });
    expect(screen.queryByRole('tab', { name: 'Recently deleted' })).toBeNull();
  });
});
