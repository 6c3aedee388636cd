import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdentity } from '../../auth/use-identity';
import { useGetOrdersQuery } from '../../orders/api';
import { useOrderListShown } from '../../orders/order-list-shown';
import { OrderCard, OrderCardSkeleton } from '../../orders/components/order-card';
import { splitOrderList } from '../../orders/order-model';
import { AppLink } from '../../../ui/stripped-link';
import { ErrorNotice } from '../../../ui/error-notice';
import { Page } from '../../../ui/page';

/** The newest order in progress (docs/product.md#states in-progress rule), or why there is none. */
function LatestOrder() {
  const { t } = useTranslation();
  const { data, error, isLoading, isFetching, refetch } = useGetOrdersQuery();
  useOrderListShown(data?.load);
  const split = useMemo(() => (data ? splitOrderList(data) : undefined), [data]);
  // The API answers newest first: a loaded order in progress is the newest; without one, the
  // answer waits until the loaded orders tell that none is in progress.
  const latest = split?.lists.inProgress[0];
  const known = latest !== undefined || split?.counts !== undefined;
  return (
    <Stack gap="xs" component="section" aria-labelledby="latest-order-heading">
      <Title order={2} size="h4" id="latest-order-heading">
        {t('orders.overview.title')}
      </Title>
      {error || (!known && data?.rest === 'failed') ? (
        <ErrorNotice
          title={t('orders.loadError')}
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : isLoading || !known ? (
        // The card's room is kept while it loads (the grid under it stays put); the status is
        // for screen readers.
        <div>
          <span role="status" className="visually-hidden">
            {t('common.loading')}
          </span>
          <OrderCardSkeleton />
        </div>
      ) : latest ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          <OrderCard order={latest} />
        </Stack>
      ) : (
        <Text c="dimmed">
          {t('orders.overview.none')}{' '}
          <Anchor component={AppLink} to="/orders?order_state=history&page=1">
            {t('orders.overview.history')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

/** docs/product.md#screens '/': the overview (hidden on small screens, where the menu is the home page). */
export function OverviewPage() {
  const { t } = useTranslation();
  const identity = useIdentity();
  const shortcuts = [
    {
      to: '/orders',
      label: t('shell.menu.orders'),
      description: t('shell.overview.ordersDescription'),
    },
    {
      to: identity.isBusiness ? '/settings/b2b' : '/settings',
      label: t('shell.menu.settings'),
      description: t('shell.overview.settingsDescription'),
    },
    {
      to: '/saved-projects',
      label: t('shell.menu.savedProjects'),
      description: t('shell.overview.savedProjectsDescription'),
    },
    {
      to: '/downloads',
      label: t('shell.downloads.title'),
      description: t('orders.overview.downloadsDescription'),
    },
    {
      to: '/online-products',
      label: t('shell.onlineProducts.title'),
      description: t('orders.overview.onlineProductsDescription'),
    },
    identity.isBusiness
      ? {
          to: '/invoices',
          label: t('shell.menu.invoices'),
          description: t('orders.overview.invoicesDescription'),
        }
      : {
          to: '/widgets',
          label: t('shell.menu.widgets'),
          description: t('orders.overview.widgetsDescription'),
        },
  ];
  return (
    <Page title={t('shell.overview.title')}>
      <Paper withBorder p="lg" radius="md">
        <Text fw={600}>{t('shell.overview.greeting', { email: identity.email })}</Text>
        <Text c="dimmed" mt={4}>
          {identity.isBusiness ? t('shell.overview.businessIntro') : t('shell.overview.intro')}
        </Text>
      </Paper>
      <LatestOrder />
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {shortcuts.map((shortcut) => (
          <Paper key={shortcut.to} withBorder p="lg" radius="md">
            <Title order={2} size="h4" mb={4}>
              {shortcut.label}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {shortcut.description}
            </Text>
            <Group>
              <Button
                component={AppLink}
                to={shortcut.to}
                variant="light"
                aria-label={shortcut.label}
              >
                {t('shell.overview.open')}
              </Button>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </Page>
  );
}
