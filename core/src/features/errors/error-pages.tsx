import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useStorefrontRoutes } from '../brand/brand-context';
import { ErrorPageLayout } from './error-page-layout';

/** What the subscription confirmation hands its error page when the same link may work again. */
export interface SubscriptionErrorState {
  /** The confirmation link's path and query, to open again. */
  retry: string;
}

const SUBSCRIPTION_CONFIRMATION = '/subscription-confirmation?';

function retryOf(state: unknown): string | undefined {
  const retry = (state as Partial<SubscriptionErrorState> | null)?.retry;
  return typeof retry === 'string' && retry.startsWith(SUBSCRIPTION_CONFIRMATION)
    ? retry
    : undefined;
}

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

/**
 * docs/product.md#error-pages doubleOptInError (/subscription-confirmation-error). The subscriber
 * is anonymous, so "Try again" never leads to a signed-in page: it opens their confirmation link
 * again when that may still work (the server or the network failed), else the storefront's home,
 * where they subscribe again and get a fresh link (the link was unknown, used or expired).
 */
export function DoubleOptInErrorPage() {
  const { t } = useTranslation();
  const routes = useStorefrontRoutes();
  const retry = retryOf(useLocation().state);
  return (
    <ErrorPageLayout
      title={t('errors.doubleOptIn.title')}
      message={t('errors.doubleOptIn.message')}
      tryAgain={retry ? { to: retry } : { href: routes.Main }}
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
      tryAgain={{ to: '/' }}
    />
  );
}
