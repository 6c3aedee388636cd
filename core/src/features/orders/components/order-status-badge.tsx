import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderDisplayStatus, OrderLabel } from '../../../api/schemas/order';
import { statusColor } from '../order-model';

/** Locale key of each label (the order service spells some with spaces). */
export const labelKey: Record<OrderLabel, string> = {
  paymentPending: 'paymentPending',
  paymentFailed: 'paymentFailed',
  paymentSuccess: 'paymentSuccess',
  paymentFree: 'paymentFree',
  'verification failed': 'verificationFailed',
  processing: 'processing',
  'processing failed': 'processingFailed',
  approved: 'approved',
  rejected: 'rejected',
  on_hold: 'onHold',
  producing: 'producing',
  delayed: 'delayed',
  shipped: 'shipped',
  cancelled: 'cancelled',
};

export interface OrderStatusBadgeProps {
  status: OrderDisplayStatus;
  /** The order service's label, shown beside the badge when given. */
  label?: OrderLabel;
}

/** The status badge of docs/product.md#states: Cancelled red, the others cyan, with the label. */
export function OrderStatusBadge({ status, label }: OrderStatusBadgeProps) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={statusColor(status)} variant="light" data-status={status}>
        {t(`orders.status.${status}`)}
      </Badge>
      {label ? (
        // Mantine's outline gray text is 3.3:1 on white; the darker text keeps 4.5:1.
        <Badge color="gray" variant="outline" tt="none" c="gray.8">
          {t(`orders.label.${labelKey[label]}`)}
        </Badge>
      ) : null}
    </Group>
  );
}
