import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Photo } from '../../../api/schemas/photo';
import { photoFixtures } from '../../../testing/photo-fixtures';
import { renderFeature } from '../../../testing/render-feature';
import type { PagedPhotos } from '../../photos/paged-photos';
import { PhotoPreview } from './photo-preview';
import type { PreviewSource } from '../preview-source';

afterEach(() => vi.unstubAllGlobals());

const photos = photoFixtures(1, 3);
const id = (n: number) => photos[n - 1]!.imageId;

function source(list: Partial<PagedPhotos<Photo>> = {}): PreviewSource {
  return {
    kind: 'photos',
    list: {
      photos,
      loaded: true,
      isLoading: false,
      isError: false,
      hasMore: false,
      isFetching: false,
      isFetchingMore: false,
      loadMore: vi.fn(),
      retry: vi.fn(),
      ...list,
    },
    sortKey: 'created',
    listPath: '/my-photos/photos',
    previewPath: (photoId) => `/my-photos/photos/preview/${photoId}`,
  };
}

function renderPreview(photoId: string, list: Partial<PagedPhotos<Photo>> = {}) {
  return renderFeature(<PhotoPreview source={source(list)} photoId={photoId} />, {
    path: `/my-photos/photos/preview/${photoId}?utm=x`,
  });
}

describe('the photo preview (docs/product.md#screens Photo preview)', () => {
  it('shows the photo in the uploaded-order variant with previous and next', async () => {
    const { location } = await renderPreview(id(2));
    const preview = screen.getByTestId('photo-preview');
    expect(preview).toHaveAttribute('data-variant', 'uploadedOrder');
    expect(screen.getByRole('img', { name: 'Photo photo-2.jpg' })).toHaveAttribute(
      'src',
      'https://img.test/2/1300.jpg',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(location().pathname).toBe(`/my-photos/photos/preview/${id(3)}`);
    expect(location().search).toBe('?utm=x');
  });

  it('arrow keys faster than the photos render page from the photo asked for last', async () => {
    // The preview keeps showing photo 2 here (its id is a prop): like a second key that comes
    // before React has shown the photo the first one asked for.
    const { location } = await renderPreview(id(2));
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(location().pathname).toBe(`/my-photos/photos/preview/${id(3)}`);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(location().pathname).toBe(`/my-photos/photos/preview/${id(2)}`);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(location().pathname).toBe(`/my-photos/photos/preview/${id(1)}`);
  });

  it('the first photo has no previous button; Escape closes to the list with the query', async () => {
    const { location } = await renderPreview(id(1));
    expect(screen.queryByRole('button', { name: 'Previous photo' })).toBeNull();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(location().pathname).toBe('/my-photos/photos');
    expect(location().search).toBe('?utm=x');
  });

  it('an unknown id goes back to the list', async () => {
    const { location } = await renderPreview('unknown');
    await waitFor(() => expect(location().pathname).toBe('/my-photos/photos'));
  });

  it('while the list loads it waits; a failed list says so with a way back', async () => {
    const loading = await renderPreview(id(1), { isLoading: true, photos: [] });
    expect(screen.getByLabelText('Loading…')).toBeInTheDocument();
    expect(loading.location().pathname).toBe(`/my-photos/photos/preview/${id(1)}`);
    loading.unmount();
    const failed = await renderPreview(id(1), { isError: true, photos: [] });
    expect(screen.getByText('Error: Your photos could not be loaded')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Back' }).at(-1)!);
    expect(failed.location().pathname).toBe('/my-photos/photos');
  });
});
