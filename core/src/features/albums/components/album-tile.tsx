import { Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Album } from '../../../api/schemas/album';
import { AppLink } from '../../../ui/stripped-link';
import { useCreatedText } from '../use-created-label';
import { AlbumCover } from './album-cover';
import { PlusIcon } from '../../../ui/icons';
import './albums.css';

export interface AlbumTileProps {
  /** The album shown. */
  album: Album;
  /** Where the tile leads; without it the tile is a button calling `onSelect`. */
  to?: string;
  /** Called when the tile is a button; without it and `to` the tile is not interactive (Recently deleted). */
  onSelect?: (album: Album) => void;
  /** Disables the button tile (while copying). @default false */
  disabled?: boolean;
}

/** An album in a list (docs/product.md#screens): cover or placeholder, photo count, name, 'Created …'. */
export function AlbumTile({ album, to, onSelect, disabled = false }: AlbumTileProps) {
  const { t } = useTranslation();
  const createdText = useCreatedText();
  const body = (
    <>
      <AlbumCover
        photo={album.coverPhoto}
        alt={t('albums.coverAlt', { albumName: album.albumName })}
      />
      <Text size="xs" c="dimmed">
        {t('albums.photoCount', { count: album.photosCount })}
      </Text>
      <Text size="sm" className="albums-tileName" title={album.albumName}>
        {album.albumName}
      </Text>
      <Text size="xs" c="dimmed">
        {createdText(album.created)}
      </Text>
    </>
  );
  if (to) {
    return (
      <AppLink to={to} className="albums-tile" data-testid="album-tile">
        {body}
      </AppLink>
    );
  }
  if (!onSelect) {
    return (
      <div className="albums-tile" data-testid="album-tile">
        {body}
      </div>
    );
  }
  return (
    <UnstyledButton
      className="albums-tile"
      onClick={() => onSelect(album)}
      disabled={disabled}
      data-testid="album-tile"
    >
      {body}
    </UnstyledButton>
  );
}

export interface NewAlbumTileProps {
  /** Opens the create form. */
  onClick: () => void;
}

/** The 'New album' tile that starts the list. */
export function NewAlbumTile({ onClick }: NewAlbumTileProps) {
  const { t } = useTranslation();
  return (
    <UnstyledButton className="albums-tile" onClick={onClick}>
      <span className="albums-newTile">
        <PlusIcon size={32} />
        {t('albums.newAlbum')}
      </span>
    </UnstyledButton>
  );
}

export interface AlbumTileGridProps {
  /** Smaller tiles (the copy-to-album modal). @default false */
  compact?: boolean;
  'data-testid'?: string;
  children: ReactNode;
}

/** Album tiles in as many columns as fit (two on small screens). */
export function AlbumTileGrid({ compact = false, children, ...rest }: AlbumTileGridProps) {
  return (
    <div className={compact ? 'albums-grid albums-grid-compact' : 'albums-grid'} {...rest}>
      {children}
    </div>
  );
}
