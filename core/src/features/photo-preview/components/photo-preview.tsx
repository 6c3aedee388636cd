import { ActionIcon, Button, Center, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../ui/icons';
import { carryStripped, useIsStripped } from '../../../ui/stripped-link';
import { usePageTitle } from '../../brand/use-page-title';
import { usePreviewHistory } from '../../photos/scroll-restore';
import { previewPosition, previewVariant, validUploadUrl } from '../preview-navigation';
import type { PreviewSource } from '../preview-source';
import { usePreviewKeys } from '../use-preview-keys';
import { usePreviewPosition } from '../use-preview-position';
import { PhotoViewer } from './photo-viewer';
import { PreviewToolbar } from './preview-toolbar';
import { LoadingSpinner } from '../../../ui/loading-screen';
import './photo-preview.css';

/** docs/product.md#screens "Photo preview": full screen, no header or footer. */
export function PhotoPreview({ source, photoId }: { source: PreviewSource; photoId: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const stripped = useIsStripped();
  const params = new URLSearchParams(location.search);
  const touchLayout = useMediaQuery('(hover: none)') ?? false;
  usePageTitle(t('preview.title'));
  const { photo, previousId, nextId, missing, photoAfterRemoval } = usePreviewPosition(
    source.list,
    photoId,
  );

  const { previewPath, listPath } = source;
  // docs/product.md#screens: paging and closing never stack history entries.
  const { close, show } = usePreviewHistory({ pathname: listPath, search: location.search });
  // Paging starts from the photo asked for last (or the one the address moved to): a key can
  // come before React has shown the photo the previous key asked for, and the key handlers of
  // the last render still hold the photo before it.
  const pagingFrom = useRef(photoId);
  const addressed = useRef(photoId);
  if (addressed.current !== photoId) {
    addressed.current = photoId;
    pagingFrom.current = photoId;
  }
  const { sectionOf } = source.list;
  const goTo = useCallback(
    (id: string) => {
      pagingFrom.current = id;
      show({ pathname: previewPath(id), search: location.search }, sectionOf?.(id));
    },
    [show, previewPath, location.search, sectionOf],
  );
  const { photos, hasMore } = source.list;
  const page = (direction: 'previous' | 'next') => {
    const ids = photos.map((candidate) => candidate.imageId);
    const from = ids.includes(pagingFrom.current) ? pagingFrom.current : photoId;
    const position = previewPosition(ids, from, hasMore);
    const target = direction === 'previous' ? position?.previousId : position?.nextId;
    if (target) goTo(target);
  };
  const previous = previousId ? () => page('previous') : null;
  const next = nextId ? () => page('next') : null;
  usePreviewKeys({ onClose: close, onPrevious: previous, onNext: next, ready: photo !== null });
  // Keyboard focus moves into the preview when it opens (the page under it is gone).
  const rootRef = useRef<HTMLDivElement>(null);
  const shown = photo !== null;
  useEffect(() => {
    const root = rootRef.current;
    if (shown && root && !root.contains(document.activeElement))
      root.focus({ preventScroll: true });
  }, [shown]);

  if (source.list.isError) {
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
  if (missing && !source.list.hasMore) {
    // docs/product.md#screens: unknown id or empty list → back to the list.
    return (
      <Navigate
        to={carryStripped({ pathname: listPath, search: location.search }, stripped)}
        replace
      />
    );
  }
  if (!photo) {
    return (
      <div className="preview-root">
        <Center h="100%">
          <LoadingSpinner color="white" />
        </Center>
      </div>
    );
  }

  // After a delete: the previous photo (the new first when the first went), else the list.
  const afterRemoval = () => {
    const target = photoAfterRemoval(photo.imageId);
    if (target) goTo(target);
    else close();
  };

  return (
    <div
      ref={rootRef}
      tabIndex={-1}
      role="region"
      aria-label={t('preview.title')}
      className="preview-root"
      data-testid="photo-preview"
      data-variant={previewVariant(source.sortKey)}
      data-has-next={next ? 'true' : 'false'}
    >
      <PreviewToolbar
        source={source}
        photo={photo}
        hideBack={params.get('hideHeaderNav') === 'true'}
        uploadUrl={validUploadUrl(params.get('uploadUrl'))}
        onClose={close}
        onRemoved={afterRemoval}
      />
      <PhotoViewer
        photo={photo}
        alt={t('preview.photoAlt', { fileName: photo.localFileName })}
        hasPrevious={previous !== null}
        hasNext={next !== null}
        onSwipe={(outcome) => {
          if (outcome === 'close') close();
          else if (outcome === 'next') next?.();
          else if (outcome === 'previous') previous?.();
        }}
      />
      {touchLayout ? null : (
        <>
          <PreviewArrow direction="previous" onClick={previous} />
          <PreviewArrow direction="next" onClick={next} />
        </>
      )}
    </div>
  );
}

/** A previous / next button over the photo (pointer devices; touch swipes); none at the ends. */
function PreviewArrow({
  direction,
  onClick,
}: {
  direction: 'previous' | 'next';
  onClick: (() => void) | null;
}) {
  const { t } = useTranslation();
  if (!onClick) return null;
  const Icon = direction === 'previous' ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <ActionIcon
      className={`preview-arrow preview-arrow-${direction}`}
      variant="filled"
      color="dark"
      size="xl"
      radius="xl"
      aria-label={t(`preview.${direction}`)}
      onClick={onClick}
    >
      <Icon size={28} />
    </ActionIcon>
  );
}
