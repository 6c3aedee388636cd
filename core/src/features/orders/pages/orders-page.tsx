import { Button, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorNotice } from '../../../ui/error-notice';
import { Page } from '../../../ui/page';
import { Pager, useLastPageClamp } from '../../../ui/pager';
import { useStorefrontRoutes } from '../../brand/brand-context';
import { useGetOrdersQuery } from '../api';
import { OrderCard } from '../components/order-card';
import { ORDER_LIST_STATES, pageOf, readOrderListQuery, splitOrders } from '../order-model';
import type { OrderListState } from '../order-model';

/**
 * docs/product.md#screens /orders: the in-progress and history lists as tabs; `order_state`
 * and `page` live in the query string (other parameters, `stripped` among them, stay).
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const routes = useStorefrontRoutes();
  const [search, setSearch] = useSearchParams();
  const { state, page } = readOrderListQuery(search);
  const { data: orders, error, isLoading, isFetching, refetch } = useGetOrdersQuery();
  const lists = useMemo(() => splitOrders(orders ?? []), [orders]);
  const current = pageOf(lists[state], page);

  const go = (next: { state?: OrderListState; page?: number }, options?: { replace?: boolean }) => {
    const params = new URLSearchParams(search);
    params.set('order_state', next.state ?? state);
    params.set('page', String(next.page ?? 1));
    setSearch(params, { replace: options?.replace });
  };
  // The list shows its last page at once (`pageOf`); the address is corrected to it too.
  useLastPageClamp(page, orders ? current.pages : undefined, (last, options) =>
    go({ page: last }, options),
  );

  let body;
  // A failure stays on screen while "Try again" runs (the query keeps its error until it works).
  if (isLoading && !error) {
    body = (
      <Stack align="center" py="xl">
        <Loader aria-hidden />
        <Text>{t('orders.loading')}</Text>
      </Stack>
    );
  } else if (error) {
    body = (
      <ErrorNotice
        title={t('orders.loadError')}
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  } else if (orders && orders.length === 0) {
    body = (
      <EmptyState
        title={t('shell.orders.empty')}
        hint={t('shell.orders.emptyHint')}
        action={
          <Button component="a" href={routes.AllProducts}>
            {t('shell.orders.shopNow')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <Tabs value={state} onChange={(value) => go({ state: value as OrderListState })}>
        <Tabs.List>
          {ORDER_LIST_STATES.map((listState) => (
            <Tabs.Tab key={listState} value={listState}>
              {t(`orders.tabs.${listState}`, { count: lists[listState].length })}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ORDER_LIST_STATES.map((listState) => (
          <Tabs.Panel key={listState} value={listState} pt="md">
            {listState !== state ? null : current.items.length === 0 ? (
              <EmptyState title={t(`orders.emptyList.${listState}`)} />
            ) : (
              <Stack gap="md">
                <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {current.items.map((order) => (
                    <OrderCard key={order.orderCode} order={order} />
                  ))}
                </Stack>
                <Pager
                  page={current.page}
                  pages={current.pages}
                  onChange={(next) => go({ page: next })}
                />
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  }
  return <Page title={t('shell.orders.title')}>{body}</Page>;
}
