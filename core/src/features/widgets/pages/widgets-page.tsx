import { Button, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Widget } from '../../../api/schemas/widget';
import { WIDGETS_FIRST_PAGE } from '../../../api/schemas/widget';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorNotice } from '../../../ui/error-notice';
import { Page } from '../../../ui/page';
import { Pager, useLastPageClamp, usePageInQuery } from '../../../ui/pager';
import { useBrand } from '../../brand/brand-context';
import { useGetOrdersQuery } from '../../orders/api';
import { useGetWidgetsQuery } from '../api';
import { CreateWidgetDialog } from '../components/create-widget-dialog';
import { ShareWidgetDialog } from '../components/share-widget-dialog';
import { WidgetCard } from '../components/widget-card';
import { LoadingSpinner } from '../../../ui/loading-screen';

/**
 * docs/product.md#screens /widgets (normal accounts): the widget list (page 1 by default,
 * `page` in the query string), create, share by e-mail, the gallery and delete.
 */
export function WidgetsPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const [page, setPage] = usePageInQuery(WIDGETS_FIRST_PAGE);
  const { data, error, isLoading, isFetching, refetch } = useGetWidgetsQuery({ page });
  // Loaded so far: the rest of the orders adds to the choice when it arrives.
  const { data: orderList } = useGetOrdersQuery();
  const orders = useMemo(() => orderList?.orders ?? [], [orderList]);
  const [sharing, setSharing] = useState<Widget | null>(null);
  const [creating, setCreating] = useState(false);
  const channelOf = useMemo(
    () => new Map(orders.map((order) => [order.orderCode, order.channel])),
    [orders],
  );
  const taken = useMemo(() => new Set((data?.widgets ?? []).map((widget) => widget.code)), [data]);
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / (data?.pageSize ?? 1)));
  const pastTheEnd = useLastPageClamp(page, data ? pages : undefined, setPage);

  let body;
  // A failure stays on screen while "Try again" runs (the query keeps its error until it works).
  if (error)
    body = (
      <ErrorNotice
        title={t('widgets.loadError')}
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  else if (isLoading || pastTheEnd) body = <LoadingSpinner />;
  else if (!data || data.total === 0)
    body = <EmptyState title={t('shell.widgets.empty')} hint={t('shell.widgets.emptyHint')} />;
  else
    body = (
      <Stack gap="md">
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.widgets.map((widget) => (
            <WidgetCard
              key={widget.id}
              widget={widget}
              channel={channelOf.get(widget.orderCode) ?? brand.channel}
              onShare={setSharing}
            />
          ))}
        </Stack>
        <Pager page={Math.min(page, pages)} pages={pages} onChange={setPage} />
      </Stack>
    );
  return (
    <Page
      title={t('shell.widgets.title')}
      actions={<Button onClick={() => setCreating(true)}>{t('widgets.create.button')}</Button>}
    >
      {body}
      <ShareWidgetDialog widget={sharing} onClose={() => setSharing(null)} />
      <CreateWidgetDialog
        opened={creating}
        orders={orders}
        taken={taken}
        onClose={() => setCreating(false)}
      />
    </Page>
  );
}
