import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Photo, ThumbnailSize } from '../../../api/schemas/photo';
import { useAppSelector } from '../../../store/hooks';
import { useRevealedCount } from '../../../ui/use-revealed-count';
import type { GridLayout } from '../grid-layout';
import { selectSelectionMode } from '../selection/selection-slice';
import { PhotoTile } from './photo-tile';
import classes from './photo-grid.module.css';

export interface PhotoGridProps {
  photos: readonly Photo[];
  layout: GridLayout;
  thumbnailSize: ThumbnailSize;
  /** Grey tiles after the photos (a page that is still loading). @default 0 */
  placeholders?: number;
  /** Rendered as the last tile (the '+N' load-more tile). */
  trailingTile?: ReactNode;
  onOpen: (photo: Photo, month?: string) => void;
  /** Ids in display order for shift-click ranges; defaults to this grid's photos. */
  getOrderedIds?: () => string[];
  /** @default true */
  selectable?: boolean;
  /** The month section (`yyyy-m`) the grid shows, when it is one (a month can be selected whole). */
  month?: string;
  /** Each tile's badge (`PhotoTile`), for the views that show one. */
  badge?: (photo: Photo) => ReactNode;
  /** The photos have a preview (`PhotoTile`). @default true */
  opens?: boolean;
}

/** Rows of tiles a grid renders at once; the rest follow in a deferred render (`useRevealedCount`). */
export const EAGER_ROWS = 2;

/**
 * Square tiles in `layout.columns` columns; every tile's box is known before its image loads.
 * The texts and the selection mode are read here once for all tiles (a subscription per tile
 * was most of a tile's cost on a phone's first render).
 */
export function PhotoGrid({
  photos,
  layout,
  thumbnailSize,
  placeholders = 0,
  trailingTile,
  onOpen,
  getOrderedIds,
  selectable = true,
  month,
  badge,
  opens = true,
}: PhotoGridProps) {
  const style: CSSProperties = {
    gridTemplateColumns: `repeat(${layout.columns}, ${layout.tileSize}px)`,
    gridAutoRows: `${layout.tileSize}px`,
    gap: `${layout.gap}px`,
  };
  const { t } = useTranslation();
  const mode = useAppSelector(selectSelectionMode);
  const revealed = useRevealedCount(photos.length, EAGER_ROWS * layout.columns);
  const orderedIds = getOrderedIds ?? (() => photos.map((photo) => photo.imageId));
  const shown = revealed < photos.length ? photos.slice(0, revealed) : photos;
  return (
    <div className={classes.grid} style={style} role="list">
      {shown.map((photo, index) => (
        <PhotoTile
          key={photo.imageId}
          first={index === 0}
          priority={index < layout.columns}
          photo={photo}
          thumbnailSize={thumbnailSize}
          onOpen={onOpen}
          getOrderedIds={orderedIds}
          selectable={selectable}
          month={month}
          badge={badge?.(photo)}
          opens={opens}
          mode={mode}
          t={t}
        />
      ))}
      {Array.from({ length: placeholders + photos.length - shown.length }, (_, i) => (
        // Keyed by their cell: a placeholder whose cell a photo takes goes, the others stay
        // where they are (keyed by count, each would move along and count as a layout shift).
        <div
          key={`cell-${shown.length + i}`}
          className={classes.placeholder}
          aria-hidden
          data-testid="photo-placeholder"
        />
      ))}
      {/* A list holds list items only (axe: aria-required-children). */}
      {trailingTile ? <div role="listitem">{trailingTile}</div> : null}
    </div>
  );
}
