import { Button, CheckIcon, Text } from '@mantine/core';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortingOptions } from '../../../api/schemas/paging';
import type { Photo } from '../../../api/schemas/photo';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import type { RootState } from '../../../store/store';
import {
  isMonthSelected,
  monthToggled,
  selectSelection,
  selectSelectionMode,
} from '../../photos/selection/selection-slice';
import { photosApi } from '../../photos/api';
import type { MonthPhotosArg } from '../../photos/api';
import { PhotoGrid } from '../../photos/components/photo-grid';
import type { GridLayout } from '../../photos/grid-layout';
import { sectionTiles } from '../../photos/month-sections';
import type { MonthSection } from '../../photos/month-sections';
import { useMonthSectionLoader, useShouldLoad } from '../use-month-section-loader';
import classes from './timeline.module.css';

const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';

export interface MonthSectionViewProps {
  section: MonthSection;
  sort: SortingOptions;
  label: string;
  /** On screen now: load if not loaded; off screen: abort a pending load. */
  active: boolean;
  /** The list is being scrolled (see `useShouldLoad`). */
  scrolling: boolean;
  layout: GridLayout;
  thumbnailSize: 300 | 800;
  onOpen: (photo: Photo, month?: string) => void;
  getOrderedIds: () => string[];
}

/** One month: a select-all button carrying the month label, the grid and the '+N' tile. */
export const MonthSectionView = memo(function MonthSectionView({
  section,
  sort,
  label,
  active,
  scrolling,
  layout,
  thumbnailSize,
  onOpen,
  getOrderedIds,
}: MonthSectionViewProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const arg = useMemo<MonthPhotosArg>(
    () => ({
      year: section.year,
      month: section.month,
      sortKey: sort.sortKey,
      sortOrder: sort.sortOrder,
    }),
    [section.year, section.month, sort.sortKey, sort.sortOrder],
  );
  const loadMore = useMonthSectionLoader(arg, useShouldLoad(active, scrolling));
  const { data, error, isError, isFetchingNextPage, hasNextPage } =
    photosApi.endpoints.getMonthPhotos.useInfiniteQueryState(arg);
  const photos = useMemo(() => data?.pages.flatMap((page) => page.images) ?? [], [data]);
  const loaded =
    data && data.pages.length > 0 ? { photos: photos.length, hasMore: hasNextPage } : null;
  const tiles = sectionTiles(section.count, loaded);
  const failed = isError && !isAbort(error) && !data;

  const mode = useAppSelector(selectSelectionMode);
  const monthRef = useMemo(
    () => ({
      key: section.key,
      count: section.count,
      loadedIds: photos.map((photo) => photo.imageId),
    }),
    [section.key, section.count, photos],
  );
  const selectAllSelected = useCallback(
    (state: RootState) => isMonthSelected(selectSelection(state), monthRef),
    [monthRef],
  );
  const allSelected = useAppSelector(selectAllSelected);
  const retry = () => {
    const request = dispatch(
      photosApi.endpoints.getMonthPhotos.initiate(arg, { forceRefetch: true }),
    );
    void request.then(() => request.unsubscribe());
  };
  // The whole month, loaded or not (docs/product.md#states Selection mode).
  const toggleMonth = () => dispatch(monthToggled(monthRef));

  const placeholders = loaded
    ? isFetchingNextPage
      ? Math.min(tiles.moreCount, 24)
      : 0
    : tiles.photoTiles;
  const moreTile =
    tiles.moreCount > 0 && !isFetchingNextPage ? (
      <button
        type="button"
        className={classes.more}
        onClick={loadMore}
        disabled={!loaded}
        aria-label={t('photos.timeline.moreLabel', { count: tiles.moreCount, label })}
      >
        {t('photos.timeline.more', { count: tiles.moreCount })}
      </button>
    ) : null;

  return (
    <section
      aria-label={label}
      data-section={section.key}
      className={mode !== 'off' ? classes.selecting : undefined}
    >
      <h2 className={classes.sectionHeader}>
        <button
          type="button"
          className={classes.monthButton}
          onClick={toggleMonth}
          disabled={photos.length === 0}
          aria-pressed={allSelected}
          aria-label={
            allSelected
              ? t('photos.timeline.deselectMonth', { label })
              : t('photos.timeline.selectMonth', { label })
          }
        >
          <span
            className={`${classes.monthCheck} ${allSelected ? classes.monthCheckOn : ''}`}
            aria-hidden
          >
            {allSelected ? <CheckIcon size={10} /> : null}
          </span>
          {label}
        </button>
      </h2>
      {failed ? (
        <div>
          <Text c="red" size="sm" role="alert">
            {t('photos.timeline.sectionError')}
          </Text>
          <Button variant="subtle" size="xs" onClick={retry}>
            {t('photos.timeline.retry')}
          </Button>
        </div>
      ) : (
        <PhotoGrid
          photos={photos}
          layout={layout}
          thumbnailSize={thumbnailSize}
          placeholders={placeholders}
          trailingTile={moreTile}
          onOpen={onOpen}
          getOrderedIds={getOrderedIds}
          month={section.key}
        />
      )}
    </section>
  );
});
