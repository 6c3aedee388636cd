import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../ui/stripped-link';
import { formatDate, formatMoney } from '../../../lib/intl-format';
import type { Order } from '../order-model';
import { OrderStatusSummary } from './order-status-summary';

/** Element Timing name of an order card's code: bench:orders times the list's first paint by it. */
const paintTiming = { elementtiming: 'order-card' };

/**
 * One order in a list: its code (to the detail page), date, products, total and its state with
 * what the customer can do (docs/product.md#states). On a phone the state goes under the order.
 */
export function OrderCard({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="li">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Anchor
            component={AppLink}
            to={`/orders/${encodeURIComponent(order.orderCode)}`}
            fw={600}
            {...paintTiming}
          >
            {t('orders.orderCode', { orderCode: order.orderCode })}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('orders.placedOn', { date: formatDate(order.createdAt, i18n.language) })}
            {' · '}
            {t('orders.productCount', { count: order.productCount })}
          </Text>
          <Text size="sm">{order.products.map((product) => product.title).join(', ')}</Text>
        </Stack>
        <Stack gap={6} style={{ minWidth: 0, flex: '0 1 20rem' }}>
          <Text fw={600}>{formatMoney(order.total, i18n.language)}</Text>
          <OrderStatusSummary order={order} />
        </Stack>
      </Group>
    </Paper>
  );
}
