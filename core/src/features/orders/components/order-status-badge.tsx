import { Badge, Group } from '@mantine/core';
import type { BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderDisplayStatus, OrderLabel } from '../../../api/schemas/order';
import { AlertCircleIcon, ClockIcon } from '../../../ui/icons';
import { statusColor } from '../order-model';
import { labelTone } from '../order-status';
import type { LabelTone } from '../order-status';

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

/**
 * Mantine's Badge cuts its text to one line with an ellipsis; a status must be read whole in
 * every language, so the badge grows to two lines instead ("Betaling in behandeling" at 320 px).
 */
export const wrappingBadgeStyles: BadgeProps['styles'] = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.3 },
};

/**
 * Border and text colour of each label tone: text stays at 4.5:1 on white (gray 8, red 9);
 * the border and icon carry the tone (docs/product.md#states "What a customer can do").
 */
const toneStyle: Record<LabelTone, { border: string; text: string; icon: string | null }> = {
  failed: { border: 'red', text: 'red.9', icon: 'red.9' },
  delayed: { border: 'orange', text: 'gray.9', icon: 'orange.9' },
  waiting: { border: 'yellow', text: 'gray.9', icon: 'gray.8' },
  neutral: { border: 'gray', text: 'gray.8', icon: null },
};

export interface OrderStatusBadgeProps {
  status: OrderDisplayStatus;
  /** The order service's label (or `delayed`), shown beside the badge when given. */
  label?: OrderLabel;
}

/**
 * The status badge of docs/product.md#states, the one every order screen shows: Cancelled red,
 * the others cyan; beside it the label, red with an alert icon when a payment, verification or
 * processing failed, orange with a clock when delayed. Both wrap rather than cut their text.
 */
export function OrderStatusBadge({ status, label }: OrderStatusBadgeProps) {
  const { t } = useTranslation();
  const tone = label ? toneStyle[labelTone(label)] : null;
  const Icon = label ? (labelTone(label) === 'failed' ? AlertCircleIcon : ClockIcon) : null;
  return (
    <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
      <Badge
        color={statusColor(status)}
        variant="light"
        data-status={status}
        styles={wrappingBadgeStyles}
      >
        {t(`orders.status.${status}`)}
      </Badge>
      {label && tone ? (
        <Badge
          color={tone.border}
          variant="outline"
          tt="none"
          c={tone.text}
          styles={wrappingBadgeStyles}
          data-tone={labelTone(label)}
          leftSection={
            tone.icon && Icon ? (
              <Icon size={12} color={`var(--mantine-color-${tone.icon.replace('.', '-')})`} />
            ) : undefined
          }
        >
          {t(`orders.label.${labelKey[label]}`)}
        </Badge>
      ) : null}
    </Group>
  );
}
