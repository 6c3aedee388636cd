import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { Photo } from '../../../api/schemas/photo';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../store/hooks';
import { usePlatform } from '../../../platform/platform-context';
import { openDialogCount } from '../../../ui/dialog-stack';
import { EmptyState } from '../../../ui/empty-state';
import { markContentShown } from '../../../ui/first-content';
import { lazyAfterContent } from '../../../ui/lazy-after-content';
import { useAppNavigate } from '../../../ui/stripped-link';
import { showToast } from '../../../ui/toast';
import { usePhotoDownloads } from '../../downloads/use-photo-downloads';
import { useFeatureFlag } from '../../flags/use-feature-flag';
import { usePrintHandoff } from '../../print-order/use-print-handoff';
import {
  allDeselected,
  allSelected,
  orderPrintsModeStarted,
  selectModeStarted,
  selectSelectedIds,
  selectSelectionMode,
  selectionStopped,
} from '../../selection/selection-slice';
import { usePageTitle } from '../../brand/use-page-title';
import { useSortingOptions } from '../../sorting/use-sorting-options';
import {
  useDeleteAllPhotosMutation,
  useDeletePhotosMutation,
  useGetPhotoUserQuery,
  useGetTimelineQuery,
} from '../api';
import { FlatPhotoList } from '../components/flat-photo-list';
import { PhotoLibraryTabs } from '../components/photo-library-tabs';
import classes from '../components/photo-library.module.css';
import { SortMenu } from '../components/sort-menu';
import { Timeline } from '../components/timeline';
import type { TimelineHandle } from '../components/timeline';
import { TimelineBanner } from '../components/timeline-banner';
import { selectLoadedPhotosById } from '../loaded-photos';
import { buildMonthSections } from '../month-sections';
import { writeScrollPosition, writeVisibleTimelineSections } from '../persisted-state';

// The copy and upload modals (forms, album tiles) load when first opened: they are not needed to
// show the timeline, and keeping them out of the route's first chunk makes it paint sooner.
const CopyToAlbumModal = lazy(() =>
  import('../../albums/components/copy-to-album-modal').then((m) => ({
    default: m.CopyToAlbumModal,
  })),
);
// The dialogs (and Mantine's Modal with its scroll lock) load when first opened, not before the
// first thumbnail; once loaded they stay mounted so closing keeps its transition.
const DeletePhotosDialog = lazy(() =>
  import('../components/delete-dialogs').then((m) => ({ default: m.DeletePhotosDialog })),
);
const DeleteAllDialog = lazy(() =>
  import('../components/delete-dialogs').then((m) => ({ default: m.DeleteAllDialog })),
);
const UploadPhotosModal = lazy(() =>
  import('../components/upload-photos-modal').then((m) => ({ default: m.UploadPhotosModal })),
);

// Select mode's bars and the editor overlay show only after a click: fetched once the first
// photos are on screen, not before.
const SelectionBar = lazyAfterContent(() =>
  import('../components/selection-bar').then((m) => ({ default: m.SelectionBar })),
);
const OrderPrintsBar = lazyAfterContent(() =>
  import('../components/order-prints-bar').then((m) => ({ default: m.OrderPrintsBar })),
);
const AddingToEditorOverlay = lazyAfterContent(() =>
  import('../components/order-prints-bar').then((m) => ({ default: m.AddingToEditorOverlay })),
);

type Dialog = 'delete' | 'deleteAll' | 'copy' | 'upload' | null;

function isTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** /my-photos and /my-photos/photos: the photo library (docs/product.md#screens "Photo library screens"). */
export function MyPhotosPage() {
  const { t } = useTranslation();
  usePageTitle(t('photos.title'));
  const platform = usePlatform();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useAppNavigate();
  const location = useLocation();
  const previewEnabled = useFeatureFlag('PhotoManagementTimelineViewEnabled');
  const albumView = useFeatureFlag('PhotoManagementAlbumViewEnabled');
  const uploadEnabled = useFeatureFlag('PhotoManagementUploadEnabled');
  const orderPrintsEnabled = useFeatureFlag('PhotoManagementOrderPrintsEnabled');

  const [sort, setSort] = useSortingOptions('photos');
  const user = useGetPhotoUserQuery();
  const timeline = useGetTimelineQuery();
  const sections = useMemo(
    () => (timeline.data ? buildMonthSections(timeline.data.timeline, sort.sortOrder) : []),
    [timeline.data, sort.sortOrder],
  );
  const mode = useAppSelector(selectSelectionMode);
  const selectedIds = useAppSelector(selectSelectedIds);
  const selecting = mode !== 'off';
  const handleRef = useRef<TimelineHandle | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleteDialogsUsed, setDeleteDialogsUsed] = useState(false);
  if (!deleteDialogsUsed && (dialog === 'delete' || dialog === 'deleteAll'))
    setDeleteDialogsUsed(true);

  const { download, state: downloadState } = usePhotoDownloads();
  const printHandoff = usePrintHandoff();
  const [deletePhotos] = useDeletePhotosMutation();
  const [deleteAllPhotos, deleteAllState] = useDeleteAllPhotosMutation();

  // Leaving the page ends select mode (the selection belongs to this list).
  useEffect(() => () => void dispatch(selectionStopped()), [dispatch]);

  const selectAllLoaded = useCallback(() => {
    const ids = handleRef.current?.loadedPhotos().map((photo) => photo.imageId) ?? [];
    dispatch(allSelected(ids));
  }, [dispatch]);

  // Escape leaves select mode; Ctrl/Cmd+A selects every loaded photo (not inside text fields or dialogs).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogCount() > 0 || isTextField(event.target)) return;
      if (event.key === 'Escape' && selectSelectionMode(store.getState()) !== 'off') {
        dispatch(selectionStopped());
      } else if (
        (event.ctrlKey || event.metaKey) &&
        !event.altKey &&
        event.key.toLowerCase() === 'a'
      ) {
        event.preventDefault();
        selectAllLoaded();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dispatch, selectAllLoaded, store]);

  const openPhoto = useCallback(
    (photo: Photo) => {
      if (!previewEnabled) return;
      // Closing the preview comes back here and restores this position.
      writeScrollPosition(platform.storage, { x: window.scrollX, y: window.scrollY });
      writeVisibleTimelineSections(platform.storage, handleRef.current?.visibleSectionKeys() ?? []);
      navigate({ pathname: `/my-photos/photos/preview/${photo.imageId}`, search: location.search });
    },
    [location.search, navigate, platform.storage, previewEnabled],
  );

  const downloadSelected = () => {
    // Months scrolled away long ago may have left the cache: those photos go by id.
    const known = new Map(
      selectLoadedPhotosById(store.getState(), selectedIds).map((p) => [p.imageId, p]),
    );
    void download(selectedIds.map((id) => known.get(id) ?? id)).then(() =>
      dispatch(selectionStopped()),
    );
  };

  const confirmDelete = () => {
    const ids = [...selectedIds];
    setDialog(null);
    dispatch(selectionStopped());
    deletePhotos(ids)
      .unwrap()
      .catch(() => {
        showToast({
          message:
            ids.length === 1 ? t('photos.delete.photoFailed') : t('photos.delete.photosFailed'),
          color: 'red',
        });
      });
  };

  const confirmDeleteAll = () => {
    deleteAllPhotos()
      .unwrap()
      .then(
        () => setDialog(null),
        () => {
          setDialog(null);
          showToast({ message: t('photos.deleteAll.failed'), color: 'red' });
        },
      );
  };

  const startPrints = () => {
    void printHandoff.start([...selectedIds]).then((handedOver) => {
      if (handedOver) dispatch(selectionStopped());
    });
  };

  const total = user.data?.photosCount ?? 0;
  const loading = timeline.isLoading || user.isLoading;
  const failed = timeline.isError || user.isError;
  const empty = !loading && !failed && sections.length === 0 && total === 0;
  // No thumbnail will mark the page as shown: the message is the content.
  useEffect(() => {
    if (failed || empty) markContentShown();
  }, [failed, empty]);

  return (
    <Stack gap="md">
      <PhotoLibraryTabs />
      <div className="page-heading">
        <Title order={1} size="h2">
          {t('photos.title')}
        </Title>
        {selecting ? (
          <Group gap="xs">
            <Text fw={600} aria-live="polite" data-testid="selected-count">
              {t('photos.header.selected', { amount: selectedIds.length })}
            </Text>
            <Button variant="subtle" onClick={selectAllLoaded}>
              {t('photos.header.selectAll')}
            </Button>
            <Button
              variant="subtle"
              onClick={() => dispatch(allDeselected())}
              disabled={selectedIds.length === 0}
            >
              {t('photos.header.deselectAll')}
            </Button>
            <Button variant="default" onClick={() => dispatch(selectionStopped())}>
              {t('photos.header.cancel')}
            </Button>
            <SortMenu view="photos" value={sort} onChange={setSort} />
          </Group>
        ) : (
          <Group gap="xs">
            {uploadEnabled ? (
              <Button onClick={() => setDialog('upload')}>{t('photos.header.addPhotos')}</Button>
            ) : null}
            {orderPrintsEnabled && total > 0 ? (
              <Button variant="light" onClick={() => dispatch(orderPrintsModeStarted())}>
                {t('photos.header.orderPrints')}
              </Button>
            ) : null}
            {total > 0 ? (
              <Button variant="default" onClick={() => dispatch(selectModeStarted())}>
                {t('photos.header.select')}
              </Button>
            ) : null}
            <SortMenu view="photos" value={sort} onChange={setSort} />
            {total > 0 ? (
              <Button variant="subtle" color="red" onClick={() => setDialog('deleteAll')}>
                {t('photos.header.deleteAll')}
              </Button>
            ) : null}
          </Group>
        )}
      </div>
      <TimelineBanner />
      {loading ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : failed ? (
        <Text c="red" role="alert">
          {t('photos.loadError')}
        </Text>
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
        <FlatPhotoList sort={sort} total={total} onOpen={openPhoto} handleRef={handleRef} />
      ) : (
        <Timeline sections={sections} sort={sort} onOpen={openPhoto} handleRef={handleRef} />
      )}
      {/* Suspense of their own: a bar still loading must not blank the page. */}
      <Suspense fallback={null}>
        {mode === 'select' ? (
          <>
            <div className={classes.barSpacer} />
            <SelectionBar
              count={selectedIds.length}
              canCopy={albumView}
              downloading={downloadState === 'pending'}
              onDownload={downloadSelected}
              onCopy={() => setDialog('copy')}
              onDelete={() => setDialog('delete')}
            />
          </>
        ) : null}
        {mode === 'orderPrints' ? (
          <>
            <div className={classes.barSpacer} />
            <OrderPrintsBar
              count={selectedIds.length}
              onNext={startPrints}
              onCancel={() => dispatch(selectionStopped())}
            />
          </>
        ) : null}
        {printHandoff.adding !== null ? (
          <AddingToEditorOverlay amount={printHandoff.adding} />
        ) : null}
      </Suspense>
      {deleteDialogsUsed ? (
        <Suspense fallback={null}>
          <DeletePhotosDialog
            opened={dialog === 'delete'}
            count={selectedIds.length}
            onConfirm={confirmDelete}
            onClose={() => setDialog(null)}
          />
          <DeleteAllDialog
            opened={dialog === 'deleteAll'}
            total={total}
            deleting={deleteAllState.isLoading}
            onConfirm={confirmDeleteAll}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        {albumView && dialog === 'copy' ? (
          <CopyToAlbumModal opened photoIds={selectedIds} onClose={() => setDialog(null)} />
        ) : null}
        {uploadEnabled && dialog === 'upload' ? (
          <UploadPhotosModal opened onClose={() => setDialog(null)} />
        ) : null}
      </Suspense>
    </Stack>
  );
}
