import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGetCustomerQuery } from '../../customer/api';
import { Page } from '../../../ui/page';

/** docs/product.md#screens /integration (business only): the FTP callback settings of the customer record. */
export function IntegrationPage() {
  const { t } = useTranslation();
  const customer = useGetCustomerQuery();
  const callbackUrl = customer.data?.callbackUrl ?? null;
  const callbackFormat = customer.data?.callbackFormat ?? null;
  return (
    <Page title={t('shell.integration.title')}>
      <Text>{t('shell.integration.intro')}</Text>
      <Paper withBorder p="lg" radius="md">
        {callbackUrl ? (
          <dl>
            <Text component="dt" fw={600}>
              {t('shell.integration.callbackUrl')}
            </Text>
            <Text component="dd" m={0} mb="sm">
              {callbackUrl}
            </Text>
            <Text component="dt" fw={600}>
              {t('shell.integration.callbackFormat')}
            </Text>
            <Text component="dd" m={0}>
              {callbackFormat ?? '–'}
            </Text>
          </dl>
        ) : (
          <Text c="dimmed">{t('shell.integration.notConfigured')}</Text>
        )}
      </Paper>
    </Page>
  );
}
