import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ApiError } from '../../../api/base-api';
import type { OrderLine } from '../../../api/schemas/order';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorNotice } from '../../../ui/error-notice';
import { ExternalLink } from '../../../ui/external-link';
import { Page } from '../../../ui/page';
import { AppLink } from '../../../ui/stripped-link';
import { useGetDeliveryDatesQuery, useGetOrderQuery } from '../api';
import { DeliveryAddressChange } from '../components/delivery-address-change';
import { OrderStatusBadge } from '../components/order-status-badge';
import { OrderStatusSummary } from '../components/order-status-summary';
import { ProductPdfButton } from '../components/product-pdf-button';
import { ReorderPanel } from '../components/reorder-panel';
import { VoucherLine } from '../components/voucher-line';
import { formatDate, formatMoney } from '../../../lib/intl-format';
import type { Order } from '../order-model';
import { statusPresentation } from '../order-status';
import { useCountryName } from '../../../lib/country-name';
import { ResponsiveTable } from '../../../ui/responsive-table';
import type { ResponsiveColumn } from '../../../ui/responsive-table';
import { LoadingSpinner } from '../../../ui/loading-screen';
import { shownResult } from '../../../api/shown-result';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The product table's columns: a table on wide screens, one card per product on a phone. */
function useProductColumns(order: Order): Array<ResponsiveColumn<OrderLine>> {
  const { t, i18n } = useTranslation();
  return [
    {
      key: 'product',
      header: t('orders.columns.product'),
      card: 'title',
      cell: (product) => (
        <>
          <Text fw={500}>{product.title}</Text>
          <Text size="xs" c="dimmed">
            {product.code}
          </Text>
          {product.voucher ? <VoucherLine product={product} /> : null}
        </>
      ),
    },
    {
      key: 'quantity',
      header: t('orders.columns.quantity'),
      cell: (product) => t('orders.quantity', { count: product.quantity }),
    },
    {
      key: 'status',
      header: t('orders.columns.status'),
      cell: (product) => {
        // A line is late by the order's delivery window.
        const state = statusPresentation({
          status: product.status,
          label: product.label,
          expectedDeliveryBy: order.expectedDeliveryBy,
        });
        return <OrderStatusBadge status={state.status} label={state.label} />;
      },
    },
    {
      key: 'price',
      header: t('orders.columns.price'),
      align: 'right',
      cell: (product) => (
        <Text span style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(product.price, i18n.language)}
        </Text>
      ),
    },
    {
      key: 'pdf',
      header: t('orders.columns.pdf'),
      align: 'right',
      hideHeader: true,
      card: 'actions',
      cell: (product) =>
        product.hasPdf ? <ProductPdfButton code={product.code} title={product.title} /> : null,
    },
  ];
}

function ProductsSection({ order }: { order: Order }) {
  const { t } = useTranslation();
  const columns = useProductColumns(order);
  return (
    <Section title={t('orders.products')}>
      <ResponsiveTable
        label={t('orders.products')}
        columns={columns}
        rows={order.products}
        rowKey={(product) => product.id}
      />
    </Section>
  );
}

function DeliverySection({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName();
  const { data: dates } = useGetDeliveryDatesQuery(order.id);
  const address = order.deliveryAddress;
  return (
    <Section title={t('orders.delivery.title')}>
      <Stack gap="sm">
        <Text fw={500}>
          {order.deliveryType
            ? t(`orders.delivery.${order.deliveryType}`)
            : t('orders.delivery.changing')}
        </Text>
        <Text size="sm" component="address" style={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
          {[
            order.deliveryType === 'PickupPoint' ? address.pickupPointName : null,
            `${address.firstName} ${address.lastName}`,
            `${address.streetName} ${address.streetNumber}`,
            address.addressLine2,
            `${address.postalCode} ${address.city}`,
            countryName(address.country),
          ]
            .filter(Boolean)
            .join('\n')}
        </Text>
        <Text size="sm">
          {dates
            ? t('orders.delivery.dates', {
                earliest: formatDate(dates.earliest, i18n.language),
                latest: formatDate(dates.latest, i18n.language),
              })
            : t('orders.delivery.noDates')}
        </Text>
        {dates?.trackingUrl ? (
          <ExternalLink href={dates.trackingUrl} newTab>
            {t('orders.delivery.track')}
          </ExternalLink>
        ) : null}
        <DeliveryAddressChange order={order} />
      </Stack>
    </Section>
  );
}

/** docs/product.md#screens /orders/{orderCode}: products, delivery, PDFs, reorder. */
export function OrderDetailPage() {
  const { t, i18n } = useTranslation();
  const { orderCode = '' } = useParams();
  const { data, error, isLoading, isFetching, refetch } = useGetOrderQuery(orderCode, {
    selectFromResult: shownResult,
  });
  // The answer comes in a transition (RTK Query's hooks, `api/transition-selector.ts`), but a
  // render of this page for another reason (a store update of the app's own, a click) reads it
  // from the store at once and would draw the whole order in one task on a phone. From a
  // deferred value React renders it in slices; the spinner stays until then.
  const order = useDeferredValue(data);
  const back = (
    <Anchor component={AppLink} to="/orders">
      {t('shell.orderDetail.backToOrders')}
    </Anchor>
  );
  let body;
  // A failure stays on screen while "Try again" runs (the query keeps its error until it works).
  if ((isLoading || (data && !order)) && !error) {
    body = <LoadingSpinner />;
  } else if (error) {
    body =
      (error as ApiError).status === 404 ? (
        <EmptyState title={t('shell.orderDetail.notFound')} action={back} />
      ) : (
        <ErrorNotice
          title={t('orders.detailError')}
          hint={null}
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      );
  } else if (order) {
    body = (
      <>
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4} style={{ minWidth: 0, flex: '1 1 12rem' }}>
              <Text>
                {t('orders.placedOn', { date: formatDate(order.createdAt, i18n.language) })}
              </Text>
              <Text>{t('orders.productCount', { count: order.productCount })}</Text>
              <Text fw={600}>
                {t('orders.total', { total: formatMoney(order.total, i18n.language) })}
              </Text>
            </Stack>
            <div style={{ minWidth: 0, flex: '0 1 22rem' }}>
              <OrderStatusSummary order={order} />
            </div>
          </Group>
        </Paper>
        <ProductsSection order={order} />
        <DeliverySection order={order} />
        <Section title={t('orders.reorder.title')}>
          <ReorderPanel orderCode={order.orderCode} />
        </Section>
        <div>{back}</div>
      </>
    );
  }
  return <Page title={t('shell.orderDetail.title', { orderCode })}>{body}</Page>;
}
