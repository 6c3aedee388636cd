import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ApiError } from '../../../api/base-api';
import { orderDisplayStatus } from '../../../api/schemas/order';
import { PRODUCT_PDF_PURPOSE } from '../../../api/schemas/product';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorNotice } from '../../../ui/error-notice';
import { Page } from '../../../ui/page';
import { Pager, useLastPageClamp, usePageInQuery } from '../../../ui/pager';
import { AppLink } from '../../../ui/stripped-link';
import { useIdentity } from '../../auth/use-identity';
import { ONLINE_PRODUCTS_PAGE_SIZE, useGetAccountProductsQuery, useGetProductQuery } from '../api';
import { OrderStatusBadge } from '../components/order-status-badge';
import { ProductPdfButton } from '../components/product-pdf-button';
import { formatDate, formatFileSize } from '../../../lib/intl-format';
import { LoadingSpinner } from '../../../ui/loading-screen';
import { ResponsiveTable } from '../../../ui/responsive-table';

/**
 * docs/product.md#screens /online-products: every product the customer ordered online
 * (GET /orders/byAccount/{accountId}, pages of 10, `page` in the query string).
 */
export function OnlineProductsPage() {
  const { t, i18n } = useTranslation();
  const identity = useIdentity();
  const [page, setPage] = usePageInQuery();
  const { data, error, isLoading, isFetching, refetch } = useGetAccountProductsQuery({
    accountId: identity.sub,
    offset: (page - 1) * ONLINE_PRODUCTS_PAGE_SIZE,
  });
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / ONLINE_PRODUCTS_PAGE_SIZE));
  const pastTheEnd = useLastPageClamp(page, data ? pages : undefined, setPage);
  let body;
  // A failure stays on screen while "Try again" runs (the query keeps its error until it works).
  if (error)
    body = (
      <ErrorNotice
        title={t('orders.onlineProductsLoadError')}
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  else if (isLoading || pastTheEnd) body = <LoadingSpinner />;
  else if (!data || data.total === 0) body = <EmptyState title={t('shell.onlineProducts.empty')} />;
  else
    body = (
      <Stack gap="md">
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.items.map((product) => (
            <Paper key={product.id} withBorder p="md" radius="md" component="li">
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={2}>
                  <Anchor
                    component={AppLink}
                    to={`/online-products/${encodeURIComponent(product.code)}`}
                    fw={600}
                  >
                    {product.title}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {product.code} · {formatDate(product.createdAt, i18n.language)}
                  </Text>
                </Stack>
                <OrderStatusBadge status={orderDisplayStatus(product.status)} />
              </Group>
            </Paper>
          ))}
        </Stack>
        <Pager page={Math.min(page, pages)} pages={pages} onChange={setPage} />
      </Stack>
    );
  return <Page title={t('shell.onlineProducts.title')}>{body}</Page>;
}

/** docs/product.md#screens /online-products/{productCode}: the product, its files and its PDF. */
export function OnlineProductPage() {
  const { t, i18n } = useTranslation();
  const { productCode = '' } = useParams();
  const { data: product, error, isLoading, isFetching, refetch } = useGetProductQuery(productCode);
  let body;
  if (error)
    body =
      (error as ApiError).status === 404 ? (
        <EmptyState title={t('shell.onlineProducts.productNotFound')} />
      ) : (
        <ErrorNotice
          title={t('orders.onlineProductLoadError')}
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      );
  else if (isLoading) body = <LoadingSpinner />;
  else if (product) {
    const hasPdf = product.files.some((file) => file.purpose === PRODUCT_PDF_PURPOSE);
    body = (
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text fw={600} size="lg">
            {product.title}
          </Text>
          <Text size="sm">
            {t('orders.placedOn', { date: formatDate(product.createdAt, i18n.language) })}
          </Text>
          <Anchor component={AppLink} to={`/orders/${encodeURIComponent(product.orderCode)}`}>
            {t('orders.orderCode', { orderCode: product.orderCode })}
          </Anchor>
          {product.files.length > 0 ? (
            <ResponsiveTable
              label={t('orders.files.title')}
              rows={product.files}
              rowKey={(file) => file.fileName}
              columns={[
                {
                  key: 'name',
                  header: t('orders.files.name'),
                  cell: (file) => <Text style={{ overflowWrap: 'anywhere' }}>{file.fileName}</Text>,
                  card: 'title',
                },
                {
                  key: 'size',
                  header: t('orders.files.size'),
                  cell: (file) => formatFileSize(file.size, i18n.language),
                },
              ]}
            />
          ) : null}
          {hasPdf ? (
            <Group>
              <ProductPdfButton code={product.code} title={product.title} />
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('orders.noPdf')}
            </Text>
          )}
        </Stack>
      </Paper>
    );
  }
  return <Page title={t('shell.onlineProducts.productTitle', { productCode })}>{body}</Page>;
}
