import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../brand/use-page-title';
import { useStorefrontRoutes } from '../brand/brand-context';
import { AppLink } from '../../ui/stripped-link';
import { ExternalLink } from '../../ui/external-link';

export interface ErrorPageLayoutProps {
  title: string;
  message: string;
  /** Where 'Try again' goes. @default '/settings' */
  tryAgainTo?: string;
}

/** docs/product.md#screens: the one layout of the error pages: title, message, 'Try again', contact customer care. */
export function ErrorPageLayout({
  title,
  message,
  tryAgainTo = '/settings',
}: ErrorPageLayoutProps) {
  const { t } = useTranslation();
  const routes = useStorefrontRoutes();
  usePageTitle(title);
  return (
    <Stack align="center" ta="center" gap="md" py="xl" maw={560} mx="auto">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text>{message}</Text>
      <Group justify="center">
        <Button component={AppLink} to={tryAgainTo}>
          {t('common.tryAgain')}
        </Button>
      </Group>
      <ExternalLink href={routes.ContactUs}>{t('errors.contactCustomerCare')}</ExternalLink>
    </Stack>
  );
}
