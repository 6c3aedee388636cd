import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../store/hooks';
import { useGetPhotosInfiniteQuery } from '../../photos/api';
import { PhotoList } from '../../photos/components/photo-list';
import { selectLoadedFlatPhotos } from '../../photos/loaded-photos';
import { useLibraryListHandle } from '../library-list';
import type { LibraryListProps } from '../library-list';
import { ErrorNotice } from '../../../ui/error-notice';

export interface FlatPhotoListProps extends LibraryListProps {
  /** Photos in the library (GET /users), so the list has its full height before pages load. */
  total: number;
}

/**
 * The library as one infinite-scroll list (docs/product.md#screens "Photos are also shown as
 * infinite-scroll pages"), for the upload-date sort, where months of the date taken do not
 * apply: pages of 500 in the one photo list.
 */
export function FlatPhotoList({ sort, total, onOpen, handleRef }: FlatPhotoListProps) {
  const { t } = useTranslation();
  const store = useAppStore();
  const { data, error, isError, hasNextPage, isFetching, fetchNextPage, refetch } =
    useGetPhotosInfiniteQuery(sort);
  const photos = useMemo(() => data?.pages.flatMap((page) => page.images) ?? [], [data]);
  const loadNext = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const loadedPhotos = useCallback(
    () => selectLoadedFlatPhotos(store.getState(), sort),
    [store, sort],
  );
  const getOrderedIds = useLibraryListHandle(handleRef, loadedPhotos);

  if (isError && !data) {
    return (
      <ErrorNotice
        title={t('photos.loadError')}
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  return (
    <PhotoList
      photos={photos}
      total={total}
      loaded={data !== undefined}
      hasNextPage={hasNextPage}
      isFetching={isFetching}
      fetchNextPage={loadNext}
      label={t('photos.timeline.allPhotosLabel')}
      onOpen={onOpen}
      getOrderedIds={getOrderedIds}
    />
  );
}
