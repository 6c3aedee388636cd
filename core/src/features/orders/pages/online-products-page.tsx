import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';

/** docs/product.md#screens /online-products. */
export function OnlineProductsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('shell.onlineProducts.title')}>
      <EmptyState title={t('shell.onlineProducts.empty')} />
    </Page>
  );
}

/** docs/product.md#screens /online-products/{productCode}. */
export function OnlineProductPage() {
  const { t } = useTranslation();
  const { productCode = '' } = useParams();
  return (
    <Page title={t('shell.onlineProducts.productTitle', { productCode })}>
      <EmptyState title={t('shell.onlineProducts.productNotFound')} />
    </Page>
  );
}
