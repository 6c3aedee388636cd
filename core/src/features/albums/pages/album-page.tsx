import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /my-photos/albums/:id: one own album (spec §2). */
export function AlbumPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('albums.myAlbums', 'My albums')}</Title>
      <Text>{t('albums.emptyAlbum', 'Your album is empty')}</Text>
    </Stack>
  );
}
