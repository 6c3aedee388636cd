import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, AppDialogAlert } from '../../../ui/app-dialog';
import { useBrand } from '../../brand/brand-context';
import { useIdentity } from '../../auth/use-identity';
import { useRequestAccountDeletionMutation } from '../identity-requests-api';
import { useIdentityRequest } from '../use-identity-request';

/**
 * docs/product.md#states account deletion, the request side: a dialog asks, the identity API
 * mails a confirmation link to the account's address (received), or the request failed (the
 * dialog stays open with its alert); closing resets. The deletion itself happens only when the
 * link is opened (/delete-account-confirmation).
 */
export function DeleteAccountSection() {
  const { t } = useTranslation();
  const { email } = useIdentity();
  const brand = useBrand();
  const [trigger] = useRequestAccountDeletionMutation();
  const { state, send, reset } = useIdentityRequest(trigger);
  const [opened, setOpened] = useState(false);
  const close = () => {
    setOpened(false);
    if (state.status !== 'received') reset();
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      mt="lg"
      component="section"
      aria-labelledby="delete-account"
    >
      <Title order={2} size="h4" id="delete-account" mb="xs">
        {t('shell.settings.deleteAccount')}
      </Title>
      {state.status === 'received' ? (
        <Alert color="green" role="status">
          {t('settings.deleteAccount.received', { email })}
        </Alert>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('settings.deleteAccount.description')}</Text>
          <Button color="red" variant="outline" onClick={() => setOpened(true)}>
            {t('settings.deleteAccount.open')}
          </Button>
        </Stack>
      )}
      <AppDialog
        opened={opened && state.status !== 'received'}
        onClose={close}
        title={t('settings.deleteAccount.dialogTitle')}
      >
        <Stack gap="md">
          <Text>{t('settings.deleteAccount.dialogText', { email })}</Text>
          <AppDialogAlert
            message={state.status === 'failed' ? t('settings.deleteAccount.failed') : null}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('settings.cancel')}
            </Button>
            <Button
              color="red"
              loading={state.status === 'inProgress'}
              onClick={() => void send({ channel: brand.channel })}
            >
              {t('settings.deleteAccount.confirm')}
            </Button>
          </Group>
        </Stack>
      </AppDialog>
    </Paper>
  );
}
