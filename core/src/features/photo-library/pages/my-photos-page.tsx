import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** /my-photos and /my-photos/photos: the photo library (spec §2 "Photo library screens"). */
export function MyPhotosPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('photos.title', 'My photos')}</Title>
      <Text>{t('photos.empty', 'Your photo library is empty')}</Text>
    </Stack>
  );
}
