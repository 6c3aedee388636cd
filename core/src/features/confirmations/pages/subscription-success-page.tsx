import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStorefrontRoutes } from '../../brand/brand-context';
import { usePageTitle } from '../../brand/use-page-title';

/** docs/product.md#screens /subscription-confirmation-success (public). */
export function SubscriptionSuccessPage() {
  const { t } = useTranslation();
  const routes = useStorefrontRoutes();
  usePageTitle(t('shell.subscription.successTitle'));
  return (
    <Stack align="center" ta="center" gap="md" py="xl" maw={560} mx="auto">
      <Title order={1} size="h2">
        {t('shell.subscription.successTitle')}
      </Title>
      <Text>{t('shell.subscription.successMessage')}</Text>
      <Button component="a" href={routes.Main}>
        {t('common.continue')}
      </Button>
    </Stack>
  );
}
