import { CheckIcon } from '@mantine/core';
import { memo, useEffect, useMemo, useState } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { Photo, ThumbnailSize } from '../../../api/schemas/photo';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { photoToggled, rangeSelected, selectIsSelected } from '../selection/selection-slice';
import type { SelectionMode } from '../selection/selection-slice';
import {
  isGridKey,
  moveTileFocus,
  releaseTabStopTile,
  setTabStopTile,
  useIsTabStop,
} from '../grid-keys';
import { PhotoThumbnail } from './photo-thumbnail';
import classes from './photo-grid.module.css';

export interface PhotoTileProps {
  photo: Photo;
  /** Thumbnail size for the current breakpoint. */
  thumbnailSize: ThumbnailSize;
  /** Opens the preview (outside select mode), with the tile's month section when it is in one. */
  onOpen: (photo: Photo, month?: string) => void;
  /** Ids of the loaded photos in display order, read on shift-click (range selection). */
  getOrderedIds: () => string[];
  /** Hides the select check (e.g. read-only lists). @default true */
  selectable?: boolean;
  /** The month section the tile is shown in (the timeline). */
  month?: string;
  /** The grid's first tile: a tab stop while no tile of the page was focused. @default false */
  first?: boolean;
  /** In the grid's first row: loaded first while the page's first paint waits (`PhotoThumbnail`). */
  priority?: boolean;
  /** A short text over the tile's bottom corner, e.g. Recently deleted's days left. */
  badge?: ReactNode;
  /** The photo has a preview; without one (Recently deleted) a click or Enter picks it. @default true */
  opens?: boolean;
  /** The selection mode and the texts, read once by the grid for all its tiles. */
  mode: SelectionMode;
  t: TFunction;
}

/**
 * A photo in a grid. Outside select mode a click opens the preview and the round check (shown on
 * hover or focus) starts selecting; in select or order-prints mode a click toggles the photo and
 * shift-click selects the range from the last clicked photo. Keys: the arrows, Home and End move
 * between tiles (one tab stop for the page, `grid-keys.ts`), Enter opens the preview, Space
 * toggles the photo's selection (Shift+Space the range).
 */
export const PhotoTile = memo(function PhotoTile({
  photo,
  thumbnailSize,
  onOpen,
  getOrderedIds,
  selectable = true,
  first = false,
  priority = false,
  month,
  badge,
  opens = true,
  mode,
  t,
}: PhotoTileProps) {
  const dispatch = useAppDispatch();
  const selectSelected = useMemo(
    () => selectIsSelected(photo.imageId, month),
    [photo.imageId, month],
  );
  const selected = useAppSelector(selectSelected);
  const selecting = selectable && mode !== 'off';
  const picks = selecting || (selectable && !opens);
  // The round 'select' check outside select mode exists only while the pointer or focus is on the
  // tile: three DOM nodes per photo instead of four keeps the page light at 100,000 photos.
  const [pointerIn, setPointerIn] = useState(false);
  const [focusIn, setFocusIn] = useState(false);
  const hovered = pointerIn || focusIn;

  const tabStop = useIsTabStop(photo.imageId, first);
  useEffect(() => () => releaseTabStopTile(photo.imageId), [photo.imageId]);

  const toggle = (event: MouseEvent | KeyboardEvent) => {
    if (event.shiftKey)
      dispatch(rangeSelected({ orderedIds: getOrderedIds(), toId: photo.imageId }));
    else dispatch(photoToggled({ id: photo.imageId, month }));
  };
  const onClick = (event: MouseEvent) => {
    if (picks) toggle(event);
    else onOpen(photo, month);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (isGridKey(event.key)) {
      if (moveTileFocus(event.currentTarget, event.key)) event.preventDefault();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (opens) onOpen(photo, month);
      else if (selectable) toggle(event);
    } else if (event.key === ' ' && selectable) {
      event.preventDefault();
      toggle(event);
    }
  };
  const name = photo.localFileName;
  return (
    <div
      className={`${classes.tile} ${selected ? classes.selected : ''} ${selecting ? classes.selecting : ''}`}
      data-photo-id={photo.imageId}
      data-testid="photo-tile"
      role="listitem"
      onPointerEnter={selectable ? () => setPointerIn(true) : undefined}
      onPointerLeave={selectable ? () => setPointerIn(false) : undefined}
      onFocus={selectable ? () => setFocusIn(true) : undefined}
      onBlur={
        selectable
          ? (event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null))
                setFocusIn(false);
            }
          : undefined
      }
    >
      <button
        type="button"
        className={classes.tileButton}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onFocus={() => setTabStopTile(photo.imageId)}
        tabIndex={tabStop ? 0 : -1}
        aria-label={
          picks ? t('photos.thumbnail.select', { name }) : t('photos.thumbnail.open', { name })
        }
        aria-pressed={picks ? selected : undefined}
      >
        <PhotoThumbnail photo={photo} size={thumbnailSize} priority={priority} />
      </button>
      {badge ? <span className={classes.badge}>{badge}</span> : null}
      {selectable && !picks && hovered ? (
        <button
          type="button"
          className={classes.check}
          onClick={toggle}
          aria-label={t('photos.thumbnail.select', { name })}
          tabIndex={-1}
        />
      ) : null}
      {picks ? (
        <span className={`${classes.check} ${selected ? classes.checked : ''}`} aria-hidden>
          {selected ? <CheckIcon size={12} /> : null}
        </span>
      ) : null}
    </div>
  );
});
