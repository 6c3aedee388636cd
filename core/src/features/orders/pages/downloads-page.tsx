import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorNotice } from '../../../ui/error-notice';
import { Page } from '../../../ui/page';
import { AppLink } from '../../../ui/stripped-link';
import { useGetProductPdfsQuery } from '../api';
import { ProductPdfButton } from '../components/product-pdf-button';
import { formatDate, formatFileSize } from '../../../lib/intl-format';
import { LoadingSpinner } from '../../../ui/loading-screen';

/**
 * docs/product.md#screens /downloads: the digital files of the customer's orders, that is every
 * ordered product with a print PDF (GET /v1/Pdfs/me), newest first, each saved through the
 * platform.
 */
export function DownloadsPage() {
  const { t, i18n } = useTranslation();
  const { data, error, isLoading, isFetching, refetch } = useGetProductPdfsQuery();
  const pdfs = Object.entries(data?.pdfs ?? {}).sort(([, a], [, b]) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  let body;
  // A failure stays on screen while "Try again" runs (the query keeps its error until it works).
  if (error)
    body = (
      <ErrorNotice
        title={t('orders.downloadsLoadError')}
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  else if (isLoading) body = <LoadingSpinner />;
  else if (pdfs.length === 0)
    body = <EmptyState title={t('shell.downloads.empty')} hint={t('shell.downloads.emptyHint')} />;
  else
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {pdfs.map(([code, pdf]) => (
          <Paper key={code} withBorder p="md" radius="md" component="li">
            <Group justify="space-between" gap="sm">
              <Stack gap={2}>
                <Text fw={600}>{pdf.title}</Text>
                <Text size="sm" c="dimmed">
                  {pdf.fileName} · {formatFileSize(pdf.size, i18n.language)} ·{' '}
                  {formatDate(pdf.createdAt, i18n.language)}
                </Text>
                <Anchor
                  component={AppLink}
                  to={`/orders/${encodeURIComponent(pdf.orderCode)}`}
                  size="sm"
                >
                  {t('orders.orderCode', { orderCode: pdf.orderCode })}
                </Anchor>
              </Stack>
              <ProductPdfButton code={code} title={pdf.title} />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  return <Page title={t('shell.downloads.title')}>{body}</Page>;
}
