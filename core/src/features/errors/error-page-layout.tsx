import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../brand/use-page-title';
import { useStorefrontRoutes } from '../brand/brand-context';
import { AppLink } from '../../ui/stripped-link';
import { ExternalLink } from '../../ui/external-link';

/** Where "Try again" goes: a path of the app, or a page outside it (the storefront). */
export type TryAgainTarget = { to: string } | { href: string };

export interface ErrorPageLayoutProps {
  title: string;
  message: string;
  /** Where 'Try again' goes. @default { to: '/settings' } */
  tryAgain?: TryAgainTarget;
}

/**
 * docs/product.md#error-pages: the one layout of the error pages: title, message, "Try again",
 * and "Contact customer care" (the storefront's contact page, in a new tab so the page with
 * what went wrong stays open).
 */
export function ErrorPageLayout({
  title,
  message,
  tryAgain = { to: '/settings' },
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
        {'to' in tryAgain ? (
          <Button component={AppLink} to={tryAgain.to}>
            {t('common.tryAgain')}
          </Button>
        ) : (
          <Button component="a" href={tryAgain.href}>
            {t('common.tryAgain')}
          </Button>
        )}
      </Group>
      <ExternalLink href={routes.ContactUs} newTab>
        {t('errors.contactCustomerCare')}
      </ExternalLink>
    </Stack>
  );
}
