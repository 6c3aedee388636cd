import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Photo } from '../../../api/schemas/photo';
import { useDateLocale } from '../../../lib/dates';
import { ArrowLeftIcon } from '../../../ui/icons';
import { CopyToAlbumAction } from '../../photo-actions/copy-to-album-action';
import { DeleteAction } from '../../photo-actions/delete-action';
import { DownloadAction } from '../../photo-actions/download-action';
import { RemoveFromAlbumAction } from '../../photo-actions/remove-from-album-action';
import { photoDateText } from '../photo-date';
import { previewVariant } from '../preview-navigation';
import type { PreviewSource } from '../preview-source';

export interface PreviewToolbarProps {
  source: PreviewSource;
  photo: Photo;
  /** `hideHeaderNav=true`: no Back button (docs/product.md#screens). @default false */
  hideBack?: boolean;
  /** A valid `uploadUrl`: an 'Add photos' link (docs/product.md#validation). */
  uploadUrl: string | null;
  onClose: () => void;
  /** The photo left the list (deleted, or removed from the album). */
  onRemoved: () => void;
}

/**
 * The preview's top bar: Back, the date, 'Add photos' when an upload URL is given, and the
 * actions of the list it pages through, the same action components as the selection bar:
 * Download, Copy to album, Delete from album (album preview), Delete. In a shared album Copy and
 * Delete are disabled with 'Unavailable for shared albums' (docs/product.md#roles-and-flags).
 */
export function PreviewToolbar({
  source,
  photo,
  hideBack = false,
  uploadUrl,
  onClose,
  onRemoved,
}: PreviewToolbarProps) {
  const { t, i18n } = useTranslation();
  useDateLocale(i18n.language);
  const shared = source.kind === 'shared';
  const unavailable = shared ? t('preview.unavailableShared') : null;
  const ids = [photo.imageId];
  return (
    <header className="preview-toolbar">
      <Group gap="xs" wrap="nowrap" className="preview-toolbar-start">
        {hideBack ? null : (
          <Button
            variant="subtle"
            color="gray.0"
            leftSection={<ArrowLeftIcon size={18} />}
            onClick={onClose}
            data-testid="preview-back"
          >
            {t('preview.back')}
          </Button>
        )}
        <Text size="sm" c="gray.4" className="preview-date" truncate>
          {photoDateText(photo, previewVariant(source.sortKey), i18n.language, t)}
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
        <DownloadAction
          placement="toolbar"
          count={1}
          items={() => [photo]}
          sharedAlbumId={shared ? source.album?.albumId : undefined}
        />
        <CopyToAlbumAction placement="toolbar" photoIds={ids} disabledReason={unavailable} />
        {source.kind === 'album' && source.album ? (
          <RemoveFromAlbumAction
            placement="toolbar"
            albumId={source.album.albumId}
            albumName={source.album.albumName ?? ''}
            photoIds={ids}
            onRemoved={onRemoved}
          />
        ) : null}
        <DeleteAction
          placement="toolbar"
          photoIds={ids}
          disabledReason={unavailable}
          onDeleted={onRemoved}
        />
      </Group>
    </header>
  );
}
