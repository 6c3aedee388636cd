import { CheckIcon } from '@mantine/core';
import { memo } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Photo, ThumbnailSize } from '../../../api/schemas/photo';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  photoToggled,
  rangeSelected,
  selectIsSelected,
  selectSelectionMode,
} from '../../selection/selection-slice';
import { PhotoThumbnail } from './photo-thumbnail';
import classes from './photo-library.module.css';

export interface PhotoTileProps {
  photo: Photo;
  /** Thumbnail size for the current breakpoint. */
  thumbnailSize: ThumbnailSize;
  /** Opens the preview (outside select mode). */
  onOpen: (photo: Photo) => void;
  /** Ids of the loaded photos in display order, read on shift-click (range selection). */
  getOrderedIds: () => string[];
  /** Hides the select check (e.g. read-only lists). @default true */
  selectable?: boolean;
}

/**
 * A photo in a grid. Outside select mode a click opens the preview and the round check (shown on
 * hover or focus) starts selecting; in select or order-prints mode a click toggles the photo and
 * shift-click selects the range from the last clicked photo.
 */
export const PhotoTile = memo(function PhotoTile({
  photo,
  thumbnailSize,
  onOpen,
  getOrderedIds,
  selectable = true,
}: PhotoTileProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const mode = useAppSelector(selectSelectionMode);
  const selected = useAppSelector(selectIsSelected(photo.imageId));
  const selecting = selectable && mode !== 'off';

  const toggle = (event: MouseEvent) => {
    if (event.shiftKey) dispatch(rangeSelected({ orderedIds: getOrderedIds(), toId: photo.imageId }));
    else dispatch(photoToggled(photo.imageId));
  };
  const onClick = (event: MouseEvent) => {
    if (selecting) toggle(event);
    else onOpen(photo);
  };
  const name = photo.localFileName;
  return (
    <div
      className={`${classes.tile} ${selected ? classes.selected : ''} ${selecting ? classes.selecting : ''}`}
      data-photo-id={photo.imageId}
      data-testid="photo-tile"
    >
      <button
        type="button"
        className={classes.tileButton}
        onClick={onClick}
        aria-label={selecting ? t('photos.thumbnail.select', { name }) : t('photos.thumbnail.open', { name })}
        aria-pressed={selecting ? selected : undefined}
      >
        <PhotoThumbnail photo={photo} size={thumbnailSize} />
      </button>
      {selectable && !selecting ? (
        <button
          type="button"
          className={classes.check}
          onClick={toggle}
          aria-label={t('photos.thumbnail.select', { name })}
          tabIndex={-1}
        />
      ) : null}
      {selecting ? (
        <span className={`${classes.check} ${selected ? classes.checked : ''}`} aria-hidden>
          {selected ? <CheckIcon size={12} /> : null}
        </span>
      ) : null}
    </div>
  );
});
