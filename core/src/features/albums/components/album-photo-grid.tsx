import { Checkbox, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Photo } from '../../../api/schemas/photo';
import { pickThumbnail } from '../thumbnails';
import './albums.css';

/** docs/product.md#limits: 300 px thumbnails on small and medium screens (< 1024 px), 800 px above. */
export const LARGE_SCREEN_QUERY = '(min-width: 1024px)';

export interface AlbumPhotoGridProps<P extends Photo> {
  /** Photos in display order. */
  photos: P[];
  /** Select mode: a click toggles instead of opening the preview. */
  selecting: boolean;
  /** Selected photo ids. */
  selected: ReadonlySet<string>;
  /** Opens the preview of a photo. */
  onOpen: (photo: P) => void;
  /** Toggles a photo; `range` when shift was held (select everything since the last toggle). */
  onToggle: (photo: P, range: boolean) => void;
  /** Called when the end of the list scrolls into view (load the next page). */
  onEndReached?: () => void;
}

/** The photos of an album: square tiles, lazy images with their size reserved. */
export function AlbumPhotoGrid<P extends Photo>({
  photos,
  selecting,
  selected,
  onOpen,
  onToggle,
  onEndReached,
}: AlbumPhotoGridProps<P>) {
  const large = useMediaQuery(LARGE_SCREEN_QUERY) ?? false;
  const sentinel = useRef<HTMLDivElement>(null);
  const endReached = useRef(onEndReached);
  useEffect(() => {
    endReached.current = onEndReached;
  });

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) endReached.current?.();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <ul className="albums-photo-grid" data-testid="album-photo-grid">
        {photos.map((photo) => (
          <li key={photo.imageId}>
            <PhotoTile
              photo={photo}
              size={large ? 800 : 300}
              selecting={selecting}
              selected={selected.has(photo.imageId)}
              onOpen={onOpen}
              onToggle={onToggle}
            />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
    </>
  );
}

interface PhotoTileProps<P extends Photo> {
  photo: P;
  size: 300 | 800;
  selecting: boolean;
  selected: boolean;
  onOpen: (photo: P) => void;
  onToggle: (photo: P, range: boolean) => void;
}

function PhotoTile<P extends Photo>({
  photo,
  size,
  selecting,
  selected,
  onOpen,
  onToggle,
}: PhotoTileProps<P>) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const thumb = pickThumbnail(photo, size);
  const label = photo.localFileName;
  return (
    <div className="albums-photo" data-selected={selected || undefined}>
      <UnstyledButton
        className="albums-photo-button"
        aria-label={label}
        aria-pressed={selecting ? selected : undefined}
        data-testid="album-photo"
        onClick={(event) => (selecting ? onToggle(photo, event.shiftKey) : onOpen(photo))}
      >
        {thumb && !failed ? (
          <img
            src={thumb.url}
            alt=""
            width={thumb.width}
            height={thumb.height}
            loading="lazy"
            decoding="async"
            onError={() => setFailed(true)}
          />
        ) : (
          <span className="albums-photo-failed" role="img" aria-label={t('preview.loadError')}>
            <svg
              width="28"
              height="28"
              viewBox="0 0 24 24"
              stroke="currentColor"
              strokeWidth="2"
              fill="none"
              aria-hidden="true"
            >
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </span>
        )}
      </UnstyledButton>
      <Checkbox
        className="albums-photo-check"
        data-visible={selecting || undefined}
        checked={selected}
        onChange={() => onToggle(photo, false)}
        aria-label={label}
        tabIndex={selecting ? 0 : -1}
      />
    </div>
  );
}
