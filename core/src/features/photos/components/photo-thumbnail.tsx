import { CloseIcon } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Photo, ThumbnailSize } from '../../../api/schemas/photo';
import { isContentShown, markShownWhenDecoded } from '../../../ui/first-content';
import { pickThumbnail } from '../thumbnails';
import classes from './photo-grid.module.css';

/**
 * Element Timing (`PerformanceElementTiming`) marks when a thumbnail is painted: code that waits
 * for the first paint (`ui/first-content.ts`) and the timeline benchmark read it. React has no
 * typing for the attribute, hence the spread.
 */
const elementTiming: Record<string, string> = { elementtiming: 'photo-thumbnail' };

export interface PhotoThumbnailProps {
  photo: Photo;
  /** Thumbnail size label (docs/product.md#limits: 300 small/medium, 800 large, 1300 preview). */
  size: ThumbnailSize;
  /** Alternative text. @default the photo's file name */
  alt?: string;
  /** Lazy loading for grids; the preview loads eagerly. @default 'lazy' */
  loading?: 'lazy' | 'eager';
  /**
   * A thumbnail of the first screen (a grid's first row): until the page's content is shown it
   * loads at once and ahead of other images (`fetchpriority="high"`), not when lazy loading
   * gets to it: the first paint waits for it. @default false
   */
  priority?: boolean;
  className?: string;
}

/**
 * One photo as an `<img>` with its real width/height (the box is reserved before it loads, so
 * nothing jumps), lazily loaded. A thumbnail that fails to load shows a close icon (docs/product.md#messages).
 */
export function PhotoThumbnail({
  photo,
  size,
  alt,
  loading = 'lazy',
  priority = false,
  className,
}: PhotoThumbnailProps) {
  // Decided once per tile: a later re-render must not turn a loaded image lazy again.
  const [early] = useState(() => priority && !isContentShown());
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const thumbnail = pickThumbnail(photo, size);
  if (!thumbnail || failedUrl === thumbnail.url) return <FailedThumbnail />;
  return (
    <img
      className={className ?? classes.image}
      src={thumbnail.url}
      width={thumbnail.width}
      height={thumbnail.height}
      alt={alt ?? photo.localFileName}
      loading={early ? 'eager' : loading}
      fetchPriority={early ? 'high' : undefined}
      decoding="async"
      draggable={false}
      onLoad={(event) => markShownWhenDecoded(event.currentTarget)}
      onError={(event) => {
        markShownWhenDecoded(event.currentTarget);
        setFailedUrl(thumbnail.url);
      }}
      {...elementTiming}
    />
  );
}

/**
 * Its own component: only a failed tile subscribes to the texts (a grid renders dozens of
 * thumbnails at once, and each `useTranslation` costs a subscription on the first paint).
 */
function FailedThumbnail() {
  const { t } = useTranslation();
  return (
    <div
      className={classes.failed}
      role="img"
      aria-label={t('photos.thumbnail.failed')}
      data-testid="thumbnail-failed"
    >
      <CloseIcon size="32" />
    </div>
  );
}
