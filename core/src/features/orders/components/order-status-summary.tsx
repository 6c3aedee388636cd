import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/intl-format';
import { useStorefrontRoutes } from '../../brand/brand-context';
import type { Order } from '../order-model';
import { statusPresentation } from '../order-status';
import { OrderStatusBadge } from './order-status-badge';

/** The storefront page where an unpaid order is paid (docs/product.md#states "Pay now"). */
export function paymentUrl(paymentPage: string, orderCode: string): string {
  const url = new URL(paymentPage);
  url.searchParams.set('orderCode', orderCode);
  return url.toString();
}

export interface OrderStatusSummaryProps {
  order: Order;
  /** Where the badges, note and button line up; default the start. */
  align?: 'flex-start' | 'flex-end';
}

/**
 * An order's state as a customer can act on it (docs/product.md#states "What a customer can
 * do"): the status badge, a sentence saying where the order stands when it is cancelled, late or
 * waiting for payment, and Pay now for an order awaiting payment.
 */
export function OrderStatusSummary({ order, align = 'flex-start' }: OrderStatusSummaryProps) {
  const { t, i18n } = useTranslation();
  const routes = useStorefrontRoutes();
  const state = statusPresentation(order);
  return (
    <Stack gap={6} align={align} style={{ minWidth: 0, maxWidth: '100%' }}>
      <OrderStatusBadge status={state.status} label={state.label} />
      {state.note ? (
        <Text size="sm" ta={align === 'flex-end' ? 'right' : undefined} data-note={state.note}>
          {state.note === 'delayed' && order.expectedDeliveryBy
            ? t('orders.note.delayedSince', {
                date: formatDate(order.expectedDeliveryBy, i18n.language),
              })
            : t(`orders.note.${state.note}`)}
        </Text>
      ) : null}
      {state.payNow ? (
        <Button
          component="a"
          href={paymentUrl(routes.Payment, order.orderCode)}
          size="xs"
          aria-label={t('orders.payNowFor', { orderCode: order.orderCode })}
        >
          {t('orders.payNow')}
        </Button>
      ) : null}
    </Stack>
  );
}
