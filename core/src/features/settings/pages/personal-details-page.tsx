import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';
import { BackToSettings } from './back-to-settings';

/** Spec §2 /settings/personal-details. */
export function PersonalDetailsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('shell.settings.personalDetailsTitle')}>
      <EmptyState title={t('shell.settings.noPersonalDetails')} />
      <BackToSettings />
    </Page>
  );
}
