import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIdentity } from '../../auth/use-identity';
import { Page } from '../../../ui/page';
import { BackToSettings } from './back-to-settings';

/** docs/product.md#screens /settings/email and /settings/b2b/email. */
export function EmailSettingsPage() {
  const { t } = useTranslation();
  const { email } = useIdentity();
  return (
    <Page title={t('shell.settings.emailTitle')}>
      <Text>{t('shell.settings.currentEmail', { email })}</Text>
      <BackToSettings />
    </Page>
  );
}
