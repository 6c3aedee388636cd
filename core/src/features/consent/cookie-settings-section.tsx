import { Button, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { openCookieSettings } from './cookie-consent-dialog';

/** The settings page's way back to the cookie choice (docs/product.md "Page furniture"). */
export function CookieSettingsSection() {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      mt="lg"
      component="section"
      aria-labelledby="cookie-settings"
    >
      <Title order={2} size="h4" id="cookie-settings" mb="xs">
        {t('consent.settingsTitle')}
      </Title>
      <Text size="sm" mb="sm">
        {t('consent.settingsDescription')}
      </Text>
      <Button variant="default" onClick={() => void openCookieSettings()}>
        {t('consent.settingsLink')}
      </Button>
    </Paper>
  );
}
