import { act, renderHook } from '@testing-library/react';
import type { Photo } from '../../api/schemas/photo';
import type { PagedPhotos } from '../photos/paged-photos';
import { photoFixtures } from '../../testing/photo-fixtures';
import { usePreviewPosition } from './use-preview-position';

const photos = photoFixtures(1, 4);
const id = (n: number) => photos[n - 1]!.imageId;

function list(overrides: Partial<PagedPhotos<Photo>> = {}): PagedPhotos<Photo> {
  return {
    photos,
    loaded: true,
    isLoading: false,
    isError: false,
    hasMore: false,
    isFetching: false,
    isFetchingMore: false,
    loadMore: vi.fn(),
    retry: vi.fn(),
    ...overrides,
  };
}

describe('where the preview is in its list (docs/product.md#screens Photo preview)', () => {
  it('knows the photo and its neighbours', () => {
    const { result } = renderHook(() => usePreviewPosition(list(), id(2)));
    expect(result.current.photo).toBe(photos[1]);
    expect(result.current.previousId).toBe(id(1));
    expect(result.current.nextId).toBe(id(3));
    expect(result.current.missing).toBe(false);
  });

  it('loads the next page at the last loaded photo, and while an id is not there yet', () => {
    const loadMore = vi.fn();
    renderHook(() => usePreviewPosition(list({ hasMore: true, loadMore }), id(4)));
    expect(loadMore).toHaveBeenCalledTimes(1);
    const further = vi.fn();
    const { result } = renderHook(() =>
      usePreviewPosition(list({ hasMore: true, loadMore: further }), 'not-loaded-yet'),
    );
    expect(further).toHaveBeenCalledTimes(1);
    expect(result.current.photo).toBeNull();
  });

  it('an unknown id with nothing more to load is missing; so is any id of an empty list', () => {
    expect(renderHook(() => usePreviewPosition(list(), 'unknown')).result.current.missing).toBe(
      true,
    );
    expect(
      renderHook(() => usePreviewPosition(list({ photos: [] }), id(1))).result.current.missing,
    ).toBe(true);
    expect(
      renderHook(() => usePreviewPosition(list({ isLoading: true, photos: [] }), id(1))).result
        .current.missing,
    ).toBe(false);
  });

  it('after a delete: the previous photo, and the list refetched without it is not missing', () => {
    const { result, rerender } = renderHook(
      ({ current, items }) => usePreviewPosition(list({ photos: items }), current),
      { initialProps: { current: id(3), items: photos } },
    );
    let target: string | null = null;
    act(() => {
      target = result.current.photoAfterRemoval(id(3));
    });
    expect(target).toBe(id(2));
    // The refetch lands before the navigation: the deleted id is gone but expected.
    rerender({ current: id(3), items: photos.filter((photo) => photo.imageId !== id(3)) });
    expect(result.current.missing).toBe(false);
    rerender({ current: id(2), items: photos.filter((photo) => photo.imageId !== id(3)) });
    expect(result.current.photo?.imageId).toBe(id(2));
  });

  it('preloads the 1300 px images of the neighbours', () => {
    const created: string[] = [];
    class FakeImage {
      set src(url: string) {
        created.push(url);
      }
    }
    vi.stubGlobal('Image', FakeImage);
    renderHook(() => usePreviewPosition(list(), id(2)));
    expect(created.sort()).toEqual([1, 3, 4].map((n) => `https://img.test/${n}/1300.jpg`).sort());
    vi.unstubAllGlobals();
  });
});
