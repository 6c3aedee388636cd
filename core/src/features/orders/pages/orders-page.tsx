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
import { useOrderListShown } from '../order-list-shown';
import { OrderCard, OrderCardSkeleton } from '../components/order-card';
import {
  ORDER_LIST_STATES,
  ORDERS_PAGE_SIZE,
  pageSlot,
  readOrderListQuery,
  splitOrderList,
} from '../order-model';
import type { OrderListState } from '../order-model';

/**
 * docs/product.md#screens /orders: the in-progress and history lists as tabs; `order_state`
 * and `page` live in the query string (other parameters, `stripped` among them, stay). The list
 * paints with the API's first page; the rest loads behind it (`getOrders`) and only fills pages
 * that were not loaded yet, whose room is kept meanwhile, so nothing on screen moves.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const routes = useStorefrontRoutes();
  const [search, setSearch] = useSearchParams();
  const { state, page } = readOrderListQuery(search);
  const { data, error, isLoading, isFetching, refetch } = useGetOrdersQuery();
  useOrderListShown(data?.load);
  const split = useMemo(() => (data ? splitOrderList(data) : undefined), [data]);
  const counts = split?.counts;
  const slot = pageSlot(counts?.[state] ?? 0, page);

  const go = (next: { state?: OrderListState; page?: number }, options?: { replace?: boolean }) => {
    const params = new URLSearchParams(search);
    params.set('order_state', next.state ?? state);
    params.set('page', String(next.page ?? 1));
    setSearch(params, { replace: options?.replace });
  };
  // The list shows its last page at once (`pageSlot`); the address is corrected to it too.
  useLastPageClamp(page, counts ? slot.pages : undefined, (last, options) =>
    go({ page: last }, options),
  );

  const loadError = (failure: unknown) => (
    <ErrorNotice
      title={t('orders.loadError')}
      error={failure}
      onRetry={() => void refetch()}
      retrying={isFetching}
    />
  );

  let body;
  // A failure stays on screen while "Try again" runs (the query keeps its error until it works).
  if (error) {
    body = loadError(error);
  } else if (data && !counts && data.rest === 'failed') {
    body = loadError(undefined);
  } else if (isLoading || !data || !split || !counts) {
    // Until the loaded orders tell how many are in progress: the first page for nearly everyone.
    body = (
      <Stack align="center" py="xl">
        <Loader aria-hidden />
        <Text>{t('orders.loading')}</Text>
      </Stack>
    );
  } else if (data.total === 0) {
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
    const items = split.lists[state].slice(slot.first, slot.first + slot.length);
    const complete = items.length === slot.length;
    body = (
      <Tabs value={state} onChange={(value) => go({ state: value as OrderListState })}>
        <Tabs.List>
          {ORDER_LIST_STATES.map((listState) => (
            <Tabs.Tab key={listState} value={listState}>
              {t(`orders.tabs.${listState}`, { count: counts[listState] })}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ORDER_LIST_STATES.map((listState) => (
          <Tabs.Panel key={listState} value={listState} pt="md">
            {listState !== state ? null : slot.length === 0 ? (
              <EmptyState title={t(`orders.emptyList.${listState}`)} />
            ) : (
              <Stack gap="md">
                {complete ? (
                  <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                    {items.map((order) => (
                      <OrderCard key={order.orderCode} order={order} />
                    ))}
                  </Stack>
                ) : data.rest === 'failed' ? (
                  loadError(undefined)
                ) : (
                  <PagePlaceholder cards={slot.length} />
                )}
                <Pager
                  page={slot.page}
                  pages={slot.pages}
                  onChange={(next) => go({ page: next })}
                />
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  }
  return (
    <Page title={t('shell.orders.title')}>
      {body}
      {/* Always in the page, so the polite announcement is read; one line high, loading or not. */}
      <Text role="status" size="sm" c="dimmed" mt="sm" mih="1.55em">
        {data?.rest === 'loading' && counts ? t('orders.loadingMore') : null}
      </Text>
    </Page>
  );
}

/**
 * A page of the list whose orders are still on their way: the room of its cards, each the same
 * skeleton the overview shows while its order card loads.
 */
function PagePlaceholder({ cards }: { cards: number }) {
  return (
    <Stack gap="sm" aria-hidden>
      {Array.from({ length: Math.min(cards, ORDERS_PAGE_SIZE) }, (_, index) => (
        <OrderCardSkeleton key={index} />
      ))}
    </Stack>
  );
}
