import { Button, Group, Stack } from '@mantine/core';
import { markMilestone } from '../../../lib/milestone';
import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Photo } from '../../../api/schemas/photo';
import { useAppDispatch } from '../../../store/hooks';
import { EmptyState } from '../../../ui/empty-state';
import { markContentShown } from '../../../ui/first-content';
import { usePageTitle } from '../../brand/use-page-title';
import { useFeatureFlag } from '../../flags/use-feature-flag';
import { useGetPhotoUserQuery, useGetTimelineQuery } from '../../photos/api';
import { shownResult } from '../../../api/shown-result';
import { buildMonthSections } from '../../photos/month-sections';
import { photoPreviewPath } from '../../photos/paths';
import { useOpenPreview } from '../../photos/scroll-restore';
import { librarySelected, selectionStopped } from '../../photos/selection/selection-slice';
import { useSortingOptions } from '../../photos/sorting/use-sorting-options';
import { LibraryBars } from '../components/library-bars';
import { LibraryDialogs } from '../components/library-dialogs';
import type { LibraryDialog } from '../components/library-dialogs';
import { LibraryHeader } from '../components/library-header';
import { PhotoLibraryTabs } from '../components/photo-library-tabs';
import { Timeline } from '../components/timeline';
import type { PhotoListHandle } from '../library-list';
import { TimelineBanner } from '../components/timeline-banner';
import { useLibraryKeys } from '../use-library-keys';
import { LoadingSpinner } from '../../../ui/loading-screen';
import { ErrorNotice } from '../../../ui/error-notice';

/** The list by upload date is the second sort: its code loads when that sort is chosen. */
const FlatPhotoList = lazy(() =>
  import('../components/flat-photo-list').then((m) => ({ default: m.FlatPhotoList })),
);

/** Only users whose earlier photos are not imported yet load the import panel. */
const PhotoImportPanel = lazy(() =>
  import('../../photo-import/photo-import-panel').then((m) => ({ default: m.PhotoImportPanel })),
);

/**
 * /my-photos and /my-photos/photos: the photo library (docs/product.md#screens "Photo library
 * screens"): tabs, header, banner, the month timeline (sorted by date taken) or the flat list
 * (by upload date), the bars of select and order-prints modes and the dialogs.
 */
export function MyPhotosPage() {
  const { t } = useTranslation();
  usePageTitle(t('photos.title'));
  const dispatch = useAppDispatch();
  const previewEnabled = useFeatureFlag('PhotoManagementTimelineViewEnabled');
  const uploadEnabled = useFeatureFlag('PhotoManagementUploadEnabled');
  const [sort, setSort] = useSortingOptions('photos');
  const user = useGetPhotoUserQuery(undefined, { selectFromResult: shownResult });
  const timeline = useGetTimelineQuery(undefined, { selectFromResult: shownResult });
  const sections = useMemo(
    () => (timeline.data ? buildMonthSections(timeline.data.timeline, sort.sortOrder) : []),
    [timeline.data, sort.sortOrder],
  );
  // The timeline renders from a deferred value: its answer comes in a transition, but a render
  // of the page for another reason (a change of sort, a store update of the app's own) draws
  // what the store holds at once, and every month section in one task was a long one on a
  // phone. Deferred, React renders them in slices; the spinner holds their place meanwhile.
  // The timeline itself is mounted from the start, so its width is measured before the
  // sections render (a measurement on their mount rendered them all again, synchronously).
  const { sortKey, sortOrder } = sort;
  const view = useMemo(
    () => ({ sections, sort: { sortKey, sortOrder } }),
    [sections, sortKey, sortOrder],
  );
  const shown = useDeferredValue(view);
  const handleRef = useRef<PhotoListHandle | null>(null);
  const [dialog, setDialog] = useState<LibraryDialog>(null);
  // Stable, so the memoised header does not render again with each answer of the page.
  const openUpload = useCallback(() => setDialog('upload'), []);
  const openDeleteAll = useCallback(() => setDialog('deleteAll'), []);

  // Leaving the page ends select mode (the selection belongs to this list).
  useEffect(() => () => void dispatch(selectionStopped()), [dispatch]);
  // For bench:timeline's waterfall: when the page first committed, and when its data was in.
  useEffect(() => markMilestone('photos:page'), []);
  const dataIn = Boolean(timeline.data && user.data);
  useEffect(() => {
    if (dataIn) markMilestone('photos:timeline-data');
  }, [dataIn]);

  const total = user.data?.photosCount ?? 0;
  // The import panel stays for the rest of the visit once shown, to say when the import is done.
  const [importShown, setImportShown] = useState(false);
  const activation = user.data?.status;
  useEffect(() => {
    if (activation === 'NOT_ACTIVE' || activation === 'IMPORTING') setImportShown(true);
  }, [activation]);
  // Every photo, loaded or not: the ids are read only when an action needs them.
  const selectAll = useCallback(() => dispatch(librarySelected(total)), [dispatch, total]);
  useLibraryKeys(selectAll);

  const openPreview = useOpenPreview(
    photoPreviewPath,
    useCallback(() => handleRef.current?.visibleSectionKeys() ?? [], []),
  );
  const onOpen = useCallback(
    (photo: Photo, month?: string) => {
      if (previewEnabled) openPreview(photo.imageId, month);
    },
    [openPreview, previewEnabled],
  );

  const loading = timeline.isLoading || user.isLoading;
  const sectionsPending = shown.sections.length === 0 && sections.length > 0;
  const failed = timeline.isError || user.isError;
  const empty = !loading && !failed && sections.length === 0 && total === 0;
  // No thumbnail will mark the page as shown: the message is the content.
  useEffect(() => {
    if (failed || empty) markContentShown();
  }, [failed, empty]);

  const spinner = (
    <Group justify="center" py="xl">
      <LoadingSpinner />
    </Group>
  );
  return (
    <Stack gap="md">
      <PhotoLibraryTabs />
      <LibraryHeader
        total={user.isLoading ? undefined : total}
        sort={sort}
        onSortChange={setSort}
        onSelectAll={selectAll}
        onUpload={openUpload}
        onDeleteAll={openDeleteAll}
      />
      <TimelineBanner />
      {importShown ? (
        <Suspense fallback={null}>
          <PhotoImportPanel />
        </Suspense>
      ) : null}
      {failed && !loading ? (
        <ErrorNotice
          title={t('photos.loadError')}
          error={timeline.error ?? user.error}
          onRetry={() => {
            if (timeline.isError) void timeline.refetch();
            if (user.isError) void user.refetch();
          }}
          retrying={timeline.isFetching || user.isFetching}
        />
      ) : empty ? (
        <EmptyState
          title={t('photos.empty')}
          hint={t('photos.emptyHint')}
          action={
            uploadEnabled ? (
              <Button onClick={() => setDialog('upload')}>{t('photos.header.addPhotos')}</Button>
            ) : undefined
          }
        />
      ) : sort.sortKey === 'created' ? (
        loading ? (
          spinner
        ) : (
          <Suspense fallback={null}>
            <FlatPhotoList sort={sort} total={total} onOpen={onOpen} handleRef={handleRef} />
          </Suspense>
        )
      ) : (
        <>
          <Timeline
            sections={shown.sections}
            sort={shown.sort}
            onOpen={onOpen}
            handleRef={handleRef}
          />
          {loading || sectionsPending ? spinner : null}
        </>
      )}
      <LibraryBars />
      <LibraryDialogs dialog={dialog} total={total} onClose={() => setDialog(null)} />
    </Stack>
  );
}
