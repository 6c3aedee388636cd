import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIdentity } from '../../auth/use-identity';
import { AppLink } from '../../../ui/stripped-link';

/** Link back to the settings page of the user's variant. */
export function BackToSettings() {
  const { t } = useTranslation();
  const { isBusiness } = useIdentity();
  return (
    <Anchor component={AppLink} to={isBusiness ? '/settings/b2b' : '/settings'}>
      {t('shell.settings.backToSettings')}
    </Anchor>
  );
}
