import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /my-photos/albums: the albums list (spec §2). */
export function AlbumsPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('albums.title', 'My albums')}</Title>
    </Stack>
  );
}
