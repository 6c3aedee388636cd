import { Badge, Button, Group, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from '../../../api/schemas/address';
import { ConfirmedAction } from '../../../ui/confirmed-action';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';
import { AppLink } from '../../../ui/stripped-link';
import { showToast } from '../../../ui/toast';
import { useIdentity } from '../../auth/use-identity';
import {
  useDeleteAddressMutation,
  useGetAddressesQuery,
} from '../../customer/customer-settings-api';
import { addressPaths } from '../address-paths';
import { AddressSummary, addressLabel } from '../components/address-summary';
import { SettingsLoadError } from '../components/settings-alerts';
import { BackToSettings } from './back-to-settings';
import { LoadingSpinner } from '../../../ui/loading-screen';

/** docs/product.md#screens /settings/addresses/all: the customer's addresses, the default first. */
export function AddressesPage() {
  const { t } = useTranslation();
  const { isBusiness } = useIdentity();
  const paths = addressPaths(isBusiness);
  const addresses = useGetAddressesQuery();
  const [deleting, setDeleting] = useState<Address | null>(null);
  const addButton = (
    <Button component={AppLink} to={paths.add}>
      {t('shell.settings.newAddressTitle')}
    </Button>
  );

  return (
    <Page
      title={
        isBusiness ? t('shell.settings.businessAddresses') : t('shell.settings.addressesTitle')
      }
      actions={addresses.data?.length ? addButton : undefined}
    >
      {addresses.error ? (
        <SettingsLoadError query={addresses} />
      ) : !addresses.data ? (
        <LoadingSpinner />
      ) : addresses.data.length === 0 ? (
        <EmptyState title={t('shell.settings.noAddresses')} action={addButton} />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {addresses.data.map((address) => (
            <li key={address.id}>
              <Paper withBorder radius="md" p="md">
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                  <Stack gap={4}>
                    {address.isDefault ? (
                      <Badge variant="light">{t('settings.address.default')}</Badge>
                    ) : null}
                    <AddressSummary address={address} />
                  </Stack>
                  <Group gap="xs">
                    <Button
                      component={AppLink}
                      to={paths.edit(address.id)}
                      variant="default"
                      size="sm"
                      aria-label={t('settings.address.editLabel', {
                        address: addressLabel(address),
                      })}
                    >
                      {t('settings.address.edit')}
                    </Button>
                    <Button
                      variant="default"
                      color="red"
                      size="sm"
                      onClick={() => setDeleting(address)}
                      aria-label={t('settings.address.deleteLabel', {
                        address: addressLabel(address),
                      })}
                    >
                      {t('settings.address.delete')}
                    </Button>
                  </Group>
                </Group>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
      <DeleteAddressDialog address={deleting} onClose={() => setDeleting(null)} />
      <BackToSettings />
    </Page>
  );
}

function DeleteAddressDialog({
  address,
  onClose,
}: {
  address: Address | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [remove] = useDeleteAddressMutation();
  return (
    <ConfirmedAction
      opened={address !== null}
      onClose={onClose}
      title={t('settings.address.deleteTitle')}
      text={address ? t('settings.address.deleteText', { address: addressLabel(address) }) : ''}
      confirmLabel={t('settings.address.deleteConfirm')}
      errorMessage={t('settings.unexpectedError')}
      act={async () => (address && !('error' in (await remove(address.id))) ? true : null)}
      onDone={() => showToast({ message: t('settings.address.deleted') })}
    />
  );
}
