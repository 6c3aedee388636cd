import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AppLink } from '../../../ui/stripped-link';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';

/** docs/product.md#screens /orders/{orderCode}: until the orders API exists no order can be found. */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const { orderCode = '' } = useParams();
  return (
    <Page title={t('shell.orderDetail.title', { orderCode })}>
      <EmptyState
        title={t('shell.orderDetail.notFound')}
        action={
          <Anchor component={AppLink} to="/orders">
            {t('shell.orderDetail.backToOrders')}
          </Anchor>
        }
      />
    </Page>
  );
}
