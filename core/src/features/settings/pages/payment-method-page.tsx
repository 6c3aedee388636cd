import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';
import { BackToSettings } from './back-to-settings';

/** docs/product.md#screens /settings/payment-method. */
export function PaymentMethodPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('shell.settings.paymentMethodTitle')}>
      <EmptyState title={t('shell.settings.noPaymentMethod')} />
      <BackToSettings />
    </Page>
  );
}
