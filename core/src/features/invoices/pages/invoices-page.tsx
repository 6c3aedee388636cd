import { Button, Group, Table, Text } from '@mantine/core';
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

function InvoiceRow({ invoice }: { invoice: HistoricalInvoice }) {
  const { t, i18n } = useTranslation();
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
    <Table.Tr>
      <Table.Td>
        {invoice.invoiceNumber}
        <Text hiddenFrom="sm" size="sm" c="dimmed">
          {formatDate(invoice.issuedAt, i18n.language)}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">{invoice.orderRef}</Table.Td>
      <Table.Td visibleFrom="sm">{formatDate(invoice.issuedAt, i18n.language)}</Table.Td>
      <Table.Td ta="right">{formatMoney(invoice.total, i18n.language)}</Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end">
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
      </Table.Td>
    </Table.Tr>
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
      // On a phone the order column gives way (the invoice number names it), the date goes under
      // the number and the buttons wrap, so every button stays on screen without scrolling sideways.
      <Table.ScrollContainer minWidth={340}>
        <Table verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoices.columns.number')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('invoices.columns.order')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('invoices.columns.date')}</Table.Th>
              <Table.Th ta="right">{t('invoices.columns.total')}</Table.Th>
              <Table.Th>
                <Text span className="visually-hidden">
                  {t('invoices.columns.files')}
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.historicalInvoices.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return <Page title={t('shell.invoices.title')}>{body}</Page>;
}
