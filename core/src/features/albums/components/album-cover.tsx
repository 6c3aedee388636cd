import { Box, Center } from '@mantine/core';
import type { Photo } from '../../../api/schemas/photo';
import { pickThumbnail } from '../../photos/thumbnails';
import { PhotoIcon } from '../../../ui/icons';
import './albums.css';

export interface AlbumCoverProps {
  /** The album's cover photo, or null for the placeholder. */
  photo: Photo | null;
  /** Alternative text of the cover image. */
  alt: string;
}

/** Square cover of an album tile: the 300 px thumbnail, or a placeholder icon when empty. */
export function AlbumCover({ photo, alt }: AlbumCoverProps) {
  const thumb = photo ? pickThumbnail(photo, 300) : null;
  if (!thumb) {
    return (
      <Center className="albums-cover" data-testid="album-cover-placeholder">
        <PhotoIcon size={40} />
      </Center>
    );
  }
  return (
    <Box className="albums-cover">
      <img
        src={thumb.url}
        alt={alt}
        width={thumb.width}
        height={thumb.height}
        loading="lazy"
        decoding="async"
        className="albums-coverImage"
      />
    </Box>
  );
}
