import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveApiFile } from '../../../api/file-download';
import { formatDate, formatMoney } from '../../../lib/intl-format';
import type { HistoricalInvoice } from '../../../api/schemas/invoice';
import { usePlatform } from '../../../platform/platform-context';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorNotice } from '../../../ui/error-notice';
import { Page } from '../../../ui/page';
import { showToast } from '../../../ui/toast';
import { useClientConfig } from '../../brand/brand-context';
import { invoiceGroupFilePath, invoicePdfPath, useGetInvoicesQuery } from '../api';
import { LoadingSpinner } from '../../../ui/loading-screen';
import { ResponsiveTable } from '../../../ui/responsive-table';
import type { ResponsiveColumn } from '../../../ui/responsive-table';

/** An invoice's PDF and, when it has one, its month's group file. */
function InvoiceFiles({ invoice }: { invoice: HistoricalInvoice }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const config = useClientConfig();
  const [saving, setSaving] = useState<'pdf' | 'group' | null>(null);
  const save = async (kind: 'pdf' | 'group') => {
    setSaving(kind);
    try {
      await saveApiFile(
        { platform, config },
        kind === 'pdf'
          ? {
              api: 'invoices',
              path: invoicePdfPath(invoice.id, invoice.channel),
              fileName: `${invoice.invoiceNumber}.pdf`,
            }
          : {
              api: 'invoices',
              path: invoiceGroupFilePath(invoice.groupFileId!),
              fileName: `invoices-${invoice.issuedAt.slice(0, 7)}.pdf`,
            },
      );
    } catch (error) {
      console.error('Invoice download failed', error);
      showToast({ message: t('invoices.downloadFailed'), color: 'red' });
    } finally {
      setSaving(null);
    }
  };
  return (
    <Group gap="xs" justify="flex-end" wrap="wrap">
      <Button
        size="xs"
        variant="light"
        loading={saving === 'pdf'}
        onClick={() => void save('pdf')}
        aria-label={t('invoices.downloadPdfOf', { number: invoice.invoiceNumber })}
      >
        {t('invoices.downloadPdf')}
      </Button>
      {invoice.groupFileId ? (
        <Button
          size="xs"
          variant="subtle"
          loading={saving === 'group'}
          onClick={() => void save('group')}
          aria-label={t('invoices.downloadGroupOf', { number: invoice.invoiceNumber })}
        >
          {t('invoices.downloadGroup')}
        </Button>
      ) : null}
    </Group>
  );
}

/** Invoice numbers and money stay on one line ("INV-AL7300005"); the row wraps around them. */
const oneLine = { whiteSpace: 'nowrap' } as const;

function useInvoiceColumns(): Array<ResponsiveColumn<HistoricalInvoice>> {
  const { t, i18n } = useTranslation();
  return [
    {
      key: 'number',
      header: t('invoices.columns.number'),
      card: 'title',
      cell: (invoice) => (
        <Text span fw={500} style={oneLine}>
          {invoice.invoiceNumber}
        </Text>
      ),
    },
    {
      key: 'order',
      header: t('invoices.columns.order'),
      cell: (invoice) => (
        <Text span style={oneLine}>
          {invoice.orderRef}
        </Text>
      ),
    },
    {
      key: 'date',
      header: t('invoices.columns.date'),
      cell: (invoice) => (
        <Text span style={oneLine}>
          {formatDate(invoice.issuedAt, i18n.language)}
        </Text>
      ),
    },
    {
      key: 'total',
      header: t('invoices.columns.total'),
      align: 'right',
      cell: (invoice) => (
        <Text span style={oneLine}>
          {formatMoney(invoice.total, i18n.language)}
        </Text>
      ),
    },
    {
      key: 'files',
      header: t('invoices.columns.files'),
      hideHeader: true,
      card: 'actions',
      cell: (invoice) => <InvoiceFiles invoice={invoice} />,
    },
  ];
}

function InvoiceTable({ invoices }: { invoices: readonly HistoricalInvoice[] }) {
  const { t } = useTranslation();
  return (
    <ResponsiveTable
      label={t('shell.invoices.title')}
      columns={useInvoiceColumns()}
      rows={invoices}
      rowKey={(invoice) => invoice.id}
      striped
    />
  );
}

/** docs/product.md#screens /invoices (business accounts): past invoices and their PDFs. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const { data, error, isLoading, isFetching, refetch } = useGetInvoicesQuery();
  let body;
  // A failure stays on screen while "Try again" runs (the query keeps its error until it works).
  if (error)
    body = (
      <ErrorNotice
        title={t('invoices.loadError')}
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  else if (isLoading) body = <LoadingSpinner />;
  else if (!data || data.historicalInvoices.length === 0)
    body = <EmptyState title={t('shell.invoices.empty')} hint={t('shell.invoices.emptyHint')} />;
  else
    body = (
      // A table on wide screens, one card per invoice on a phone (docs/product.md "Tables on
      // phones").
      <InvoiceTable invoices={data.historicalInvoices} />
    );
  return <Page title={t('shell.invoices.title')}>{body}</Page>;
}
