import { useTranslation } from 'react-i18next';
import { StandaloneMessagePage } from './standalone-message-page';

/** docs/product.md#screens: shown when local storage is unusable; sign-in does not start. */
export function CookieBlockedPage() {
  const { t } = useTranslation();
  return (
    <StandaloneMessagePage
      title={t('errors.cookieBlocked.title')}
      message={t('errors.cookieBlocked.message')}
    />
  );
}
