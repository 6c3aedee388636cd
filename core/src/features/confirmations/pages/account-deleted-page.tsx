import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStorefrontRoutes } from '../../brand/brand-context';
import { usePageTitle } from '../../brand/use-page-title';

/** docs/product.md#screens /account-deleted (public). */
export function AccountDeletedPage() {
  const { t } = useTranslation();
  const routes = useStorefrontRoutes();
  usePageTitle(t('shell.accountDeleted.title'));
  return (
    <Stack align="center" ta="center" gap="md" py="xl" maw={560} mx="auto">
      <Title order={1} size="h2">
        {t('shell.accountDeleted.title')}
      </Title>
      <Text>{t('shell.accountDeleted.message')}</Text>
      <Group justify="center">
        <Button component="a" href={routes.Main}>
          {t('shell.accountDeleted.createAccount')}
        </Button>
        <Button component="a" href={routes.AllProducts} variant="outline">
          {t('shell.accountDeleted.viewProducts')}
        </Button>
      </Group>
    </Stack>
  );
}
