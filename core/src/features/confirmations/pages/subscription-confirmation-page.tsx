import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useClientConfig } from '../../brand/brand-context';
import { reportError } from '../../../store/error-reporter';
import { LoadingScreen } from '../../../ui/loading-screen';
import { useAppNavigate } from '../../../ui/stripped-link';
import { confirmSubscription } from '../account-actions-api';
import { useRunOnce } from '../use-run-once';

/** docs/product.md#screens /subscription-confirmation: submit confirmation-token and email, then success or error route. */
export function SubscriptionConfirmationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const config = useClientConfig();
  const navigate = useAppNavigate();

  useRunOnce(() => {
    const token = params.get('confirmation-token');
    const email = params.get('email');
    const confirm =
      token && email
        ? confirmSubscription(config, email, token)
        : Promise.reject(new Error('confirmation-token and email are required'));
    confirm.then(
      () => navigate('/subscription-confirmation-success', { replace: true }),
      (error: unknown) => {
        reportError({
          action: 'subscription/confirm',
          message: error instanceof Error ? error.message : String(error),
        });
        navigate('/subscription-confirmation-error', { replace: true });
      },
    );
  });

  return <LoadingScreen label={t('shell.subscription.confirming')} />;
}
