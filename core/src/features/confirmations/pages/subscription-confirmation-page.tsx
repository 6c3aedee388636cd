import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ApiError } from '../../../api/base-api';
import { reportError } from '../../../store/error-reporter';
import { LoadingScreen } from '../../../ui/loading-screen';
import { useAppNavigate } from '../../../ui/stripped-link';
import { useConfirmSubscriptionMutation } from '../api';
import { useRunOnce } from '../use-run-once';
import type { SubscriptionErrorState } from '../../errors/error-pages';

/** The same link may work a moment later: the network or the server failed, not the token. */
function mayWorkAgain(error: unknown): boolean {
  const status = (error as Partial<ApiError> | null)?.status;
  return status === 'NETWORK_ERROR' || (typeof status === 'number' && status >= 500);
}

/**
 * docs/product.md#public-pages /subscription-confirmation: submit confirmation-token and email,
 * then the success or the error route; the error page may offer the same link again
 * (docs/product.md#error-pages).
 */
export function SubscriptionConfirmationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const [confirm] = useConfirmSubscriptionMutation();

  useRunOnce(() => {
    const token = params.get('confirmation-token');
    const email = params.get('email');
    const failed = (state?: SubscriptionErrorState) =>
      navigate('/subscription-confirmation-error', { replace: true, state });
    if (!token || !email) {
      reportError({
        action: 'subscription/confirm',
        message: 'confirmation-token and email are required',
      });
      failed();
      return;
    }
    const link = new URLSearchParams({ 'confirmation-token': token, email });
    // A failed call is reported by the store's error reporter like every rejected request.
    confirm({ email, token })
      .unwrap()
      .then(
        () => navigate('/subscription-confirmation-success', { replace: true }),
        (error: unknown) =>
          failed(
            mayWorkAgain(error)
              ? { retry: `/subscription-confirmation?${link.toString()}` }
              : undefined,
          ),
      );
  });

  return <LoadingScreen label={t('shell.subscription.confirming')} />;
}
