import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../../platform/platform-context';
import { useGetReorderStatusQuery, useReorderMutation } from '../api';

/**
 * Reorder (docs/product.md#states): the availability check, then the reorder, whose shop URL
 * (a basket with the order's products) opens outside the app.
 */
export function ReorderPanel({ orderCode }: { orderCode: string }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const { data: status, isLoading } = useGetReorderStatusQuery(orderCode);
  const [reorder, { isLoading: reordering, isError }] = useReorderMutation();
  // While the check runs, a line's room is kept (the shorter of its answers: a sentence), so
  // what follows moves less when it arrives (docs/conventions.md, "Reserve the space of what
  // arrives later").
  if (isLoading)
    return (
      <Skeleton width="16rem" maw="100%" radius="sm" aria-hidden="true" data-testid="reorder-room">
        <Text size="sm">{'\u00a0'}</Text>
      </Skeleton>
    );
  if (!status) return null;
  if (!status.available)
    return (
      <Text size="sm" c="dimmed">
        {t(`orders.reorder.unavailable.${status.reason ?? 'notDispatched'}`)}
      </Text>
    );
  const start = async () => {
    try {
      const { ShopUrl } = await reorder(orderCode).unwrap();
      platform.openExternal(ShopUrl);
    } catch {
      // Shown below from the mutation's state.
    }
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{t('orders.reorder.hint')}</Text>
      <Button onClick={() => void start()} loading={reordering}>
        {t('orders.reorder.button')}
      </Button>
      {isError ? (
        <Alert color="red" role="alert">
          {t('orders.reorder.failed')}
        </Alert>
      ) : null}
    </Stack>
  );
}
