import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';
import { BackToSettings } from './back-to-settings';

/** docs/product.md#screens /settings/personal-details. */
export function PersonalDetailsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('shell.settings.personalDetailsTitle')}>
      <EmptyState title={t('shell.settings.noPersonalDetails')} />
      <BackToSettings />
    </Page>
  );
}
