import { useCallback, useMemo } from 'react';
import type { Photo } from '../../api/schemas/photo';

/** What a view needs of an infinite photo query (the library, an album, a shared album). */
export interface InfinitePhotoQuery<P extends Photo> {
  data?: { pages: { images: P[] }[] };
  isLoading: boolean;
  isError: boolean;
  isSuccess: boolean;
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

export interface PagedPhotos<P extends Photo> {
  /** The loaded photos in display order. */
  photos: P[];
  /** The first page has arrived. */
  loaded: boolean;
  isLoading: boolean;
  isError: boolean;
  hasMore: boolean;
  isFetching: boolean;
  isFetchingMore: boolean;
  loadMore: () => void;
  /** Loads the list again (the failure notice's Try again). */
  retry: () => void;
  /** The timeline month (`yyyy-m`) a loaded photo belongs to, for lists read by month. */
  sectionOf?: (photoId: string) => string | undefined;
}

/** The loaded photos and paging of an infinite photo query, as every view and the preview use them. */
export function usePagedPhotos<P extends Photo>(query: InfinitePhotoQuery<P>): PagedPhotos<P> {
  const { data, fetchNextPage, refetch } = query;
  const photos = useMemo(() => (data?.pages ?? []).flatMap((page) => page.images), [data]);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const retry = useCallback(() => void refetch(), [refetch]);
  return {
    photos,
    loaded: data !== undefined,
    isLoading: query.isLoading,
    isError: query.isError,
    hasMore: query.hasNextPage,
    isFetching: query.isFetching,
    isFetchingMore: query.isFetchingNextPage,
    loadMore,
    retry,
  };
}
