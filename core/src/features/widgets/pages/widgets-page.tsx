import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';

/** docs/product.md#screens widgets list (non-business only). */
export function WidgetsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('shell.widgets.title')}>
      <EmptyState title={t('shell.widgets.empty')} hint={t('shell.widgets.emptyHint')} />
    </Page>
  );
}
