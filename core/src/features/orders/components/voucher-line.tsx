import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderLine } from '../../../api/schemas/order';
import { formatDate, formatMoney } from '../../../lib/intl-format';
import { useGetVoucherOfferQuery, useGetVoucherStateQuery } from '../api';
import { wrappingBadgeStyles } from './order-status-badge';

/**
 * A voucher line's variant (docs/product.md#states: "awaiting payment", "delayed", or issued
 * with its code), read afresh from the order service, and the offer it was bought from (the
 * voucher API; 404: "This voucher could not be found.").
 */
export function VoucherLine({ product }: { product: OrderLine }) {
  const { t, i18n } = useTranslation();
  const { data: fresh } = useGetVoucherStateQuery(product.code);
  const { data: offer, isSuccess } = useGetVoucherOfferQuery(product.voucher ?? '', {
    skip: !product.voucher,
  });
  const details = fresh?.voucherDetails ?? product.voucherDetails;
  if (!details) return null;
  return (
    <Stack gap={2} mt={4} align="flex-start">
      <Badge variant="light" color="grape" tt="none" styles={wrappingBadgeStyles}>
        {t(`orders.voucher.${details.state}`)}
      </Badge>
      <Text size="xs">
        {t('orders.voucher.value', { value: formatMoney(details.value, i18n.language) })}
        {details.voucherCode ? ` · ${t('orders.voucher.code', { code: details.voucherCode })}` : ''}
        {details.expiresAt
          ? ` · ${t('orders.voucher.expires', { date: formatDate(details.expiresAt, i18n.language) })}`
          : ''}
      </Text>
      {offer ? (
        <Text size="xs" c="dimmed">
          {offer.title}
        </Text>
      ) : isSuccess ? (
        <Text size="xs" c="dimmed">
          {t('orders.voucher.notFound')}
        </Text>
      ) : null}
    </Stack>
  );
}
