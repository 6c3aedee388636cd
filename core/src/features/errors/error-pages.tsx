import { useTranslation } from 'react-i18next';
import { ErrorPageLayout } from './error-page-layout';

/** docs/product.md#screens deleteAccountError. */
export function DeleteAccountErrorPage() {
  const { t } = useTranslation();
  return (
    <ErrorPageLayout
      title={t('errors.deleteAccount.title')}
      message={t('errors.deleteAccount.message')}
    />
  );
}

/** docs/product.md#screens changeEmailError. */
export function ChangeEmailErrorPage() {
  const { t } = useTranslation();
  return (
    <ErrorPageLayout
      title={t('errors.changeEmail.title')}
      message={t('errors.changeEmail.message')}
    />
  );
}

/** docs/product.md#screens doubleOptInError (/subscription-confirmation-error). */
export function DoubleOptInErrorPage() {
  const { t } = useTranslation();
  return (
    <ErrorPageLayout
      title={t('errors.doubleOptIn.title')}
      message={t('errors.doubleOptIn.message')}
    />
  );
}

/** Sign-in failed and no reload was due: offer to start again from home. */
export function AuthErrorPage() {
  const { t } = useTranslation();
  return (
    <ErrorPageLayout
      title={t('errors.auth.title')}
      message={t('errors.auth.message')}
      tryAgainTo="/"
    />
  );
}
