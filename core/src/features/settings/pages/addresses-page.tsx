import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIdentity } from '../../auth/use-identity';
import { AppLink } from '../../../ui/stripped-link';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';
import { BackToSettings } from './back-to-settings';

/** docs/product.md#screens /settings/addresses/all. */
export function AddressesPage() {
  const { t } = useTranslation();
  const { isBusiness } = useIdentity();
  return (
    <Page
      title={
        isBusiness ? t('shell.settings.businessAddresses') : t('shell.settings.addressesTitle')
      }
    >
      <EmptyState
        title={t('shell.settings.noAddresses')}
        action={
          <Button
            component={AppLink}
            to={isBusiness ? '/settings/b2b/new-address' : '/settings/new-address'}
          >
            {t('shell.settings.newAddressTitle')}
          </Button>
        }
      />
      <BackToSettings />
    </Page>
  );
}
