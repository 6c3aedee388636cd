import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';
import { BackToSettings } from './back-to-settings';

/** docs/product.md#screens /settings/new-address and /settings/b2b/new-address. */
export function NewAddressPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('shell.settings.newAddressTitle')}>
      <Text>{t('shell.settings.newAddressIntro')}</Text>
      <BackToSettings />
    </Page>
  );
}

/** docs/product.md#screens /settings/address/ and /settings/b2b/address/ (change an address). */
export function ChangeAddressPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('shell.settings.changeAddressTitle')}>
      <EmptyState title={t('shell.settings.addressNotFound')} />
      <BackToSettings />
    </Page>
  );
}
