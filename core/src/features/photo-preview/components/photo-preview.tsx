import { ActionIcon, Button, Center, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Navigate, useLocation } from 'react-router-dom';
import type { Photo } from '../../../api/schemas/photo';
import type { SortKey } from '../../../api/schemas/paging';
import { formatWithLocale, useDateLocale } from '../../../lib/dates';
import { AppDialog, AppDialogAlert, openDialogCount } from '../../../ui/app-dialog';
import { carryStripped, useAppNavigate, useIsStripped } from '../../../ui/stripped-link';
import { pickThumbnail } from '../../albums/thumbnails';
import { CopyToAlbumModal } from '../../albums/components/copy-to-album-modal';
import {
  ArrowLeftIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CopyIcon,
  DownloadIcon,
  MinusCircleIcon,
  TrashIcon,
} from '../../albums/components/icons';
import { WithTooltip } from '../../albums/components/album-selection-bar';
import { useFeatureFlag } from '../../flags/use-feature-flag';
import { usePageTitle } from '../../brand/use-page-title';
import type { ReturnFromPreviewState } from '../list-scroll';
import {
  neighbourIds,
  photoAfterDelete,
  previewPosition,
  previewVariant,
  validUploadUrl,
} from '../preview-navigation';
import { PREVIEW_SIZE, PhotoViewer } from './photo-viewer';
import './photo-preview.css';

/** What a preview route pages through (the library, an album or a shared album). */
export interface PreviewSource<P extends Photo = Photo> {
  kind: 'photos' | 'album' | 'shared';
  photos: P[];
  isLoading: boolean;
  isError: boolean;
  hasMore: boolean;
  isFetchingMore: boolean;
  loadMore: () => void;
  sortKey: SortKey;
  /** The list the preview closes to. */
  listPath: string;
  previewPath: (photoId: string) => string;
  download: (photo: P) => Promise<void> | void;
  /** Deletes the photo from the library; resolves false on failure. Absent: not offered. */
  deletePhoto?: (photo: P) => Promise<boolean>;
  /** Removes the photo from the album; resolves false on failure. Album preview only. */
  removeFromAlbum?: (photo: P) => Promise<boolean>;
  albumName?: string;
}

type Confirm = 'delete' | 'remove' | null;

/** docs/product.md#screens "Photo preview": full screen, no header or footer. */
export function PhotoPreview<P extends Photo>({
  source,
  photoId,
}: {
  source: PreviewSource<P>;
  photoId: string;
}) {
  const { t, i18n } = useTranslation();
  useDateLocale(i18n.language);
  const navigate = useAppNavigate();
  const location = useLocation();
  const stripped = useIsStripped();
  const params = new URLSearchParams(location.search);
  const hideHeaderNav = params.get('hideHeaderNav') === 'true';
  const uploadUrl = validUploadUrl(params.get('uploadUrl'));
  const canCopy = useFeatureFlag('PhotoManagementAlbumViewEnabled');
  const touchLayout = useMediaQuery('(hover: none)') ?? false;
  const shared = source.kind === 'shared';
  const [copyOpen, setCopyOpen] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [failures, setFailures] = useState(0);
  const [busy, setBusy] = useState(false);
  /**
   * The photo shown after a delete. The list can refetch (without the deleted photo) before the
   * navigation to it lands; until then a missing id is expected, not a reason to leave.
   */
  const [afterDeleteId, setAfterDeleteId] = useState<string | null>(null);
  usePageTitle(t('preview.title'));

  const ids = useMemo(() => source.photos.map((photo) => photo.imageId), [source.photos]);
  const position = previewPosition(ids, photoId, source.hasMore);
  const photo = position ? source.photos[position.index]! : null;

  const { hasMore, isFetchingMore, loadMore } = source;
  const awaitingNavigation = afterDeleteId !== null && afterDeleteId !== photoId;
  const missing = !source.isLoading && !source.isError && position === null && !awaitingNavigation;
  useEffect(() => {
    if (afterDeleteId !== null && afterDeleteId === photoId) setAfterDeleteId(null);
  }, [afterDeleteId, photoId]);
  // An id further down the list, or the last loaded photo: fetch the next page (docs/product.md#screens).
  useEffect(() => {
    if ((missing || position?.loadMore) && hasMore && !isFetchingMore) loadMore();
  }, [missing, position?.loadMore, hasMore, isFetchingMore, loadMore]);

  // Preload the neighbours' 1300 px images so previous/next shows at once.
  useEffect(() => {
    if (!position) return;
    for (const id of neighbourIds(ids, position.index, 2)) {
      const neighbour = source.photos.find((candidate) => candidate.imageId === id);
      const thumb = neighbour ? pickThumbnail(neighbour, PREVIEW_SIZE) : null;
      if (thumb) new Image().src = thumb.url;
    }
  }, [ids, position, source.photos]);

  const goTo = useCallback(
    (id: string, replace = true) =>
      navigate({ pathname: source.previewPath(id), search: location.search }, { replace }),
    [navigate, source, location.search],
  );

  const close = useCallback(() => {
    const state: ReturnFromPreviewState = { fromPreview: true };
    navigate({ pathname: source.listPath, search: location.search }, { state });
  }, [navigate, source.listPath, location.search]);

  const previous = position?.previousId ?? null;
  const next = position?.nextId ?? null;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Dialogs over the preview own the keyboard (their Escape never reaches here).
      if (openDialogCount() > 0 || event.defaultPrevented) return;
      if (event.key === 'Escape') close();
      else if (event.key === 'ArrowLeft' && previous) goTo(previous);
      else if (event.key === 'ArrowRight' && next) goTo(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [close, goTo, previous, next]);

  if (source.isError) {
    return (
      <div className="preview-root" role="alert">
        <Center h="100%">
          <Stack align="center">
            <Text c="white">{t('preview.loadError')}</Text>
            <Button variant="white" onClick={close}>
              {t('preview.back')}
            </Button>
          </Stack>
        </Center>
      </div>
    );
  }
  if (missing && !hasMore) {
    // docs/product.md#screens: unknown id or empty list → back to the list.
    return (
      <Navigate
        to={carryStripped({ pathname: source.listPath, search: location.search }, stripped)}
        replace
      />
    );
  }
  if (!photo || !position) {
    return (
      <div className="preview-root">
        <Center h="100%">
          <Loader color="white" aria-label={t('common.loading')} />
        </Center>
      </div>
    );
  }

  const afterRemoval = () => {
    const target = photoAfterDelete(ids, photo.imageId);
    if (target) {
      setAfterDeleteId(target);
      goTo(target);
    } else {
      close();
    }
  };

  const runConfirmed = async () => {
    const action = confirm === 'delete' ? source.deletePhoto : source.removeFromAlbum;
    if (!action) return;
    setBusy(true);
    const ok = await action(photo);
    setBusy(false);
    if (!ok) {
      setFailures((count) => count + 1);
      return;
    }
    setConfirm(null);
    setFailures(0);
    afterRemoval();
  };

  const variant = previewVariant(source.sortKey);
  const dateText = photoDateText(photo, variant, i18n.language, t);
  const unavailable = t('preview.unavailableShared');

  return (
    <div
      className="preview-root"
      data-testid="photo-preview"
      data-variant={variant}
      data-has-next={next ? 'true' : 'false'}
    >
      <header className="preview-toolbar">
        <Group gap="xs" wrap="nowrap" className="preview-toolbar-start">
          {!hideHeaderNav && (
            <Button
              variant="subtle"
              color="gray.0"
              leftSection={<ArrowLeftIcon size={18} />}
              onClick={close}
              data-testid="preview-back"
            >
              {t('preview.back')}
            </Button>
          )}
          <Text size="sm" c="gray.4" className="preview-date" truncate>
            {dateText}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          {uploadUrl && (
            <Button
              component="a"
              href={uploadUrl}
              variant="white"
              size="xs"
              data-testid="preview-upload-link"
            >
              {t('preview.addPhotos')}
            </Button>
          )}
          <ToolbarButton label={t('preview.download')} onClick={() => void source.download(photo)}>
            <DownloadIcon />
          </ToolbarButton>
          {canCopy && (
            <ToolbarButton
              label={t('preview.copyToAlbum')}
              disabledReason={shared ? unavailable : null}
              onClick={() => setCopyOpen(true)}
            >
              <CopyIcon />
            </ToolbarButton>
          )}
          {source.removeFromAlbum && (
            <ToolbarButton
              label={t('preview.deleteFromAlbum')}
              onClick={() => setConfirm('remove')}
            >
              <MinusCircleIcon />
            </ToolbarButton>
          )}
          {(source.deletePhoto || shared) && (
            <ToolbarButton
              label={t('preview.delete')}
              disabledReason={shared ? unavailable : null}
              onClick={() => setConfirm('delete')}
            >
              <TrashIcon />
            </ToolbarButton>
          )}
        </Group>
      </header>

      <PhotoViewer
        photo={photo}
        alt={t('preview.photoAlt', { fileName: photo.localFileName })}
        hasPrevious={previous !== null}
        hasNext={next !== null}
        onSwipe={(outcome) => {
          if (outcome === 'close') close();
          else if (outcome === 'next' && next) goTo(next);
          else if (outcome === 'previous' && previous) goTo(previous);
        }}
      />

      {!touchLayout && previous && (
        <ActionIcon
          className="preview-arrow preview-arrow-previous"
          variant="filled"
          color="dark"
          size="xl"
          radius="xl"
          aria-label={t('preview.previous')}
          onClick={() => goTo(previous)}
        >
          <ChevronLeftIcon size={28} />
        </ActionIcon>
      )}
      {!touchLayout && next && (
        <ActionIcon
          className="preview-arrow preview-arrow-next"
          variant="filled"
          color="dark"
          size="xl"
          radius="xl"
          aria-label={t('preview.next')}
          onClick={() => goTo(next)}
        >
          <ChevronRightIcon size={28} />
        </ActionIcon>
      )}

      {canCopy && !shared && (
        <CopyToAlbumModal
          opened={copyOpen}
          photoIds={[photo.imageId]}
          onClose={() => setCopyOpen(false)}
        />
      )}
      <AppDialog
        opened={confirm !== null}
        onClose={() => {
          setConfirm(null);
          setFailures(0);
        }}
        title={
          confirm === 'remove' ? t('preview.removeConfirmTitle') : t('preview.deleteConfirmTitle')
        }
      >
        <Stack>
          {failures > 0 && (
            <AppDialogAlert
              message={
                confirm === 'remove'
                  ? t('albums.removeError', { count: 1 })
                  : t('preview.deleteError')
              }
              showKey={failures}
            />
          )}
          <Text>
            {confirm === 'remove'
              ? t('preview.removeConfirmText', { albumName: source.albumName ?? '' })
              : t('preview.deleteConfirmText')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void runConfirmed()}>
              {confirm === 'remove' ? t('preview.removeConfirm') : t('preview.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </AppDialog>
    </div>
  );
}

function ToolbarButton({
  label,
  disabledReason = null,
  onClick,
  children,
}: {
  label: string;
  disabledReason?: string | null;
  onClick: () => void;
  children: React.ReactNode;
}) {
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray.0"
      size="lg"
      className="preview-tool"
      aria-label={label}
      disabled={disabledReason !== null}
      onClick={onClick}
    >
      {children}
    </ActionIcon>
  );
  if (disabledReason) return <WithTooltip label={disabledReason}>{button}</WithTooltip>;
  return (
    <Tooltip label={label} openDelay={400}>
      {button}
    </Tooltip>
  );
}

/** Uploaded-order variant shows when the photo was added, created-order when it was taken. */
function photoDateText(
  photo: Photo,
  variant: 'uploadedOrder' | 'createdOrder',
  locale: string,
  t: TFunction,
): string {
  if (variant === 'uploadedOrder') {
    const date = new Date(photo.uploadEnd ?? photo.created);
    return t('preview.uploaded', { date: formatWithLocale(date, 'dd MMM yyyy', locale) });
  }
  if (!photo.dateTaken || new Date(photo.dateTaken).getUTCFullYear() === 1970)
    return t('preview.unknownDate');
  return t('preview.taken', {
    date: formatWithLocale(new Date(photo.dateTaken), 'dd MMM yyyy', locale),
  });
}
