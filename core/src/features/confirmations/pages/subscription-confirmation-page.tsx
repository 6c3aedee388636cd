import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { reportError } from '../../../store/error-reporter';
import { LoadingScreen } from '../../../ui/loading-screen';
import { useAppNavigate } from '../../../ui/stripped-link';
import { useConfirmSubscriptionMutation } from '../api';
import { useRunOnce } from '../use-run-once';

/** docs/product.md#screens /subscription-confirmation: submit confirmation-token and email, then success or error route. */
export function SubscriptionConfirmationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const [confirm] = useConfirmSubscriptionMutation();

  useRunOnce(() => {
    const token = params.get('confirmation-token');
    const email = params.get('email');
    const failed = () => navigate('/subscription-confirmation-error', { replace: true });
    if (!token || !email) {
      reportError({
        action: 'subscription/confirm',
        message: 'confirmation-token and email are required',
      });
      failed();
      return;
    }
    // A failed call is reported by the store's error reporter like every rejected request.
    confirm({ email, token })
      .unwrap()
      .then(() => navigate('/subscription-confirmation-success', { replace: true }), failed);
  });

  return <LoadingScreen label={t('shell.subscription.confirming')} />;
}
