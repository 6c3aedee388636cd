import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryAddressChangeRequest } from '../../../api/schemas/order-address';
import { addressChangeReducer } from '../address-change-state';
import { useChangeDeliveryAddressMutation } from '../api';
import { canChangeDeliveryAddress } from '../order-model';
import type { Order } from '../order-model';
import { DeliveryAddressForm } from './delivery-address-form';

/**
 * Changing an order's delivery address through the six states of docs/product.md#states:
 * not started → editing → request in progress → successful update (applied at once), request
 * sent (in production: the retailer applies it later) or request failed (the form stays, to try
 * again).
 */
export function DeliveryAddressChange({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [state, send] = useReducer(addressChangeReducer, 'NotStarted');
  const [change] = useChangeDeliveryAddressMutation();

  const submit = async (request: DeliveryAddressChangeRequest) => {
    send({ type: 'submit' });
    try {
      const result = await change({ orderCode: order.orderCode, change: request }).unwrap();
      send({ type: result.result === 'updated' ? 'updated' : 'requested' });
    } catch {
      send({ type: 'failed' });
    }
  };

  switch (state) {
    case 'NotStarted':
      if (order.pendingAddressChange) return <Text size="sm">{t('orders.address.pending')}</Text>;
      if (!canChangeDeliveryAddress(order)) return null;
      return (
        <Group>
          <Button variant="light" onClick={() => send({ type: 'edit' })}>
            {t('orders.address.change')}
          </Button>
        </Group>
      );
    case 'SuccessfulUpdate':
    case 'RequestSent':
      return (
        <Alert color={state === 'SuccessfulUpdate' ? 'green' : 'blue'} role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t(
                state === 'SuccessfulUpdate'
                  ? 'orders.address.updated'
                  : 'orders.address.requested',
              )}
            </Text>
            <Button size="xs" variant="default" onClick={() => send({ type: 'close' })}>
              {t('common.close')}
            </Button>
          </Stack>
        </Alert>
      );
    default:
      return (
        <Stack gap="sm">
          {state === 'RequestFailed' ? (
            <Alert color="red" role="alert">
              {t('orders.address.failed')}
            </Alert>
          ) : null}
          <DeliveryAddressForm
            address={order.deliveryAddress}
            deliveryType={order.deliveryType}
            saving={state === 'RequestInProgress'}
            onSubmit={(request) => void submit(request)}
            onCancel={() => send({ type: 'cancel' })}
          />
        </Stack>
      );
  }
}
