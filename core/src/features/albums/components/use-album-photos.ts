import { useCallback, useEffect, useMemo } from 'react';
import type { Photo } from '../../../api/schemas/photo';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { usePlatform } from '../../../platform/platform-context';
import { useAppNavigate } from '../../../ui/stripped-link';
import { saveListScroll, useRestoreListScroll } from '../../photo-preview/list-scroll';
import {
  photoToggled,
  rangeSelected,
  selectionStopped,
  selectModeStarted,
  selectSelectedIds,
  selectSelectionMode,
} from '../../selection/selection-slice';

/** What an album page needs of its photos' infinite query (own and shared albums alike). */
export interface AlbumPhotosQuery<TPhoto extends Photo> {
  data?: { pages: { images: TPhoto[] }[] };
  isSuccess: boolean;
  isError: boolean;
  isLoading: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The photo list of one album page with its selection, preview opening and scroll restore;
 * own and shared albums differ only in the query and in the preview's path.
 */
export function useAlbumPhotos<TPhoto extends Photo>(
  albumId: string,
  photos: AlbumPhotosQuery<TPhoto>,
  previewPath: (albumId: string, photoId: string) => string,
) {
  const platform = usePlatform();
  const dispatch = useAppDispatch();
  const navigate = useAppNavigate();
  const mode = useAppSelector(selectSelectionMode);
  const selectedIds = useAppSelector(selectSelectedIds);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);

  const list = useMemo(
    () => (photos.data?.pages ?? []).flatMap((page) => page.images),
    [photos.data],
  );
  const ids = useMemo(() => list.map((photo) => photo.imageId), [list]);
  const selecting = mode === 'select';

  // The selection belongs to this list only.
  useEffect(() => {
    dispatch(selectionStopped());
    return () => {
      dispatch(selectionStopped());
    };
  }, [dispatch, albumId]);

  useRestoreListScroll(photos.isSuccess);

  const openPreview = (photo: TPhoto) => {
    saveListScroll(platform.storage);
    navigate({
      pathname: previewPath(albumId, photo.imageId),
      search: window.location.search,
    });
  };

  const toggle = (photo: TPhoto, range: boolean) =>
    dispatch(
      range ? rangeSelected({ orderedIds: ids, toId: photo.imageId }) : photoToggled(photo.imageId),
    );

  const loadMore = () => {
    if (photos.hasNextPage && !photos.isFetchingNextPage) void photos.fetchNextPage();
  };

  const selectedPhotos = () => list.filter((photo) => selected.has(photo.imageId));
  const startSelecting = useCallback(() => dispatch(selectModeStarted()), [dispatch]);
  const stopSelecting = useCallback(() => dispatch(selectionStopped()), [dispatch]);

  return {
    list,
    selectedIds,
    selected,
    selecting,
    openPreview,
    toggle,
    loadMore,
    selectedPhotos,
    startSelecting,
    stopSelecting,
  };
}

export type AlbumPhotos<TPhoto extends Photo> = ReturnType<typeof useAlbumPhotos<TPhoto>>;
