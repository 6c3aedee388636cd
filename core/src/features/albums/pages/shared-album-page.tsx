import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /my-photos/shared-albums/:id: a shared album (spec §2, §6). */
export function SharedAlbumPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('albums.sharedWithYou', 'Shared with you')}</Title>
      <Text>{t('albums.sharedEmpty', 'This album is empty')}</Text>
    </Stack>
  );
}
