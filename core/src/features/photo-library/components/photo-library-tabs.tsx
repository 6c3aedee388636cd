import { Tabs } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAppNavigate } from '../../../ui/stripped-link';
import { useFeatureFlag } from '../../flags/use-feature-flag';
import { useGetPhotoUserQuery } from '../../photos/api';
import { PHOTO_LIBRARY_TAB_PATHS, photoLibraryTab } from '../../photos/paths';
import type { PhotoLibraryTab } from '../../photos/paths';

/** Albums tab count (docs/product.md#screens): own albums, plus readable shared albums when the shared view is on. */
export function albumsTabCount(
  albumsCount: number,
  readSharedAlbums: number,
  sharedViewEnabled: boolean,
): number {
  return albumsCount + (sharedViewEnabled ? readSharedAlbums : 0);
}

/**
 * Photos / Albums tabs with counts, and Recently deleted with the timeline view
 * (docs/product.md#recently-deleted); switching keeps the query string (docs/product.md#screens).
 * Memoised: it reads its own data (the photo user), so a page re-rendering for an answer it does
 * not show (the timeline, a month) does not render the tabs again.
 */
export const PhotoLibraryTabs = memo(function PhotoLibraryTabs() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useAppNavigate();
  const sharedView = useFeatureFlag('PhotoManagementSharedAlbumsViewEnabled');
  const trashView = useFeatureFlag('PhotoManagementTimelineViewEnabled');
  // Its data alone: the query's start (in the page's first effects) changes nothing shown here.
  const { user } = useGetPhotoUserQuery(undefined, {
    selectFromResult: ({ data }) => ({ user: data }),
  });
  const value = photoLibraryTab(location.pathname);
  const label = (name: string, count: number | undefined) =>
    count === undefined ? name : t('photos.tabs.count', { label: name, count });
  return (
    <Tabs
      value={value}
      onChange={(next) => {
        if (next && next !== value)
          navigate({
            pathname: PHOTO_LIBRARY_TAB_PATHS[next as PhotoLibraryTab],
            search: location.search,
          });
      }}
      keepMounted={false}
    >
      <Tabs.List aria-label={t('photos.tabs.label')}>
        <Tabs.Tab value="photos">{label(t('photos.tabs.photos'), user?.photosCount)}</Tabs.Tab>
        <Tabs.Tab value="albums">
          {label(
            t('photos.tabs.albums'),
            user
              ? albumsTabCount(user.albumsCount, user.sharedAlbums.readAlbumsCount, sharedView)
              : undefined,
          )}
        </Tabs.Tab>
        {trashView ? <Tabs.Tab value="trash">{t('photos.tabs.trash')}</Tabs.Tab> : null}
      </Tabs.List>
    </Tabs>
  );
});
