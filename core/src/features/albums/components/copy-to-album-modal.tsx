import { Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface CopyToAlbumModalProps {
  /** Whether the modal is open. */
  opened: boolean;
  /** The photos to copy. */
  photoIds: string[];
  /** Called when the modal closes (cancel or after a copy). */
  onClose: () => void;
}

/** 'Copy to album' (spec §2): own non-shared albums plus a 'New album' tile. */
export function CopyToAlbumModal({ opened, photoIds, onClose }: CopyToAlbumModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('albums.copyTitle', 'Copy to album')}>
      <Text size="sm">
        {t('albums.photosSelected', '{{amount}} photos selected', { amount: photoIds.length })}
      </Text>
    </Modal>
  );
}
