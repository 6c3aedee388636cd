import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';

/** docs/product.md#screens /invoices (business only). */
export function InvoicesPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('shell.invoices.title')}>
      <EmptyState title={t('shell.invoices.empty')} hint={t('shell.invoices.emptyHint')} />
    </Page>
  );
}
