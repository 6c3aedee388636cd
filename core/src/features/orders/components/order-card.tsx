import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../ui/stripped-link';
import { formatDate, formatMoney } from '../../../lib/intl-format';
import type { Order } from '../order-model';
import { wrappingBadgeStyles } from './order-status-badge';
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

/**
 * An order card's place while the orders load: the card's border, padding and lines at the
 * heights of its real texts (each a non-breaking space under a Skeleton) and a badge, so the
 * card that replaces it takes the same room and nothing under it moves (docs/conventions.md,
 * "Reserve the space of what arrives later"). Hidden from assistive technology: the list's own
 * loading status speaks.
 */
export function OrderCardSkeleton() {
  const line = (size: 'sm' | 'md', width: string, bold = false) => (
    <Skeleton width={width} radius="sm">
      <Text size={size} fw={bold ? 600 : undefined}>
        {'\u00a0'}
      </Text>
    </Skeleton>
  );
  return (
    <Paper withBorder p="md" radius="md" aria-hidden="true" data-testid="order-card-skeleton">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          {line('md', '8rem', true)}
          {line('sm', '12rem')}
          {line('sm', '60%')}
        </Stack>
        <Stack gap={6} style={{ minWidth: 0, flex: '0 1 20rem' }}>
          {line('md', '4rem', true)}
          <Skeleton width="6rem" radius="xl">
            <Badge variant="light" styles={wrappingBadgeStyles}>
              {'\u00a0'}
            </Badge>
          </Skeleton>
        </Stack>
      </Group>
    </Paper>
  );
}
