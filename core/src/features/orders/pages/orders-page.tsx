import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStorefrontRoutes } from '../../brand/brand-context';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';

/** docs/product.md#screens /orders. The order lists (in progress, history) arrive with the orders API. */
export function OrdersPage() {
  const { t } = useTranslation();
  const routes = useStorefrontRoutes();
  return (
    <Page title={t('shell.orders.title')}>
      <EmptyState
        title={t('shell.orders.empty')}
        hint={t('shell.orders.emptyHint')}
        action={
          <Button component="a" href={routes.AllProducts}>
            {t('shell.orders.shopNow')}
          </Button>
        }
      />
    </Page>
  );
}
