import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Suspense, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryAddressChangeRequest } from '../../../api/schemas/order-address';
import { firstField, useFocusOnResult } from '../../../ui/focus-result';
import { lazyAfterContent } from '../../../ui/lazy-after-content';
import { LoadingSpinner } from '../../../ui/loading-screen';
import { addressChangeReducer } from '../address-change-state';
import type { AddressChangeEvent, AddressChangeState } from '../address-change-state';
import { useChangeDeliveryAddressMutation } from '../api';
import { canChangeDeliveryAddress } from '../order-model';
import type { Order } from '../order-model';

// The form (its fields, the phone-number rules of every country, validation) shows only after a
// click: fetched once the order is on screen, not with the page.
const DeliveryAddressForm = lazyAfterContent(() =>
  import('./delivery-address-form').then((m) => ({ default: m.DeliveryAddressForm })),
);

/** Calls `onMount` once its Suspense boundary has shown its content. */
function Shown({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}

/**
 * Changing an order's delivery address through the six states of docs/product.md#states:
 * not started → editing → request in progress → successful update (applied at once), request
 * sent (in production: the retailer applies it later) or request failed (the form stays, to try
 * again). Focus follows each step (docs/product.md#focus): into the form's first field when it
 * opens, onto the answer when it comes, and back to what opened the form when it closes.
 */
export function DeliveryAddressChange({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(addressChangeReducer, 'NotStarted');
  const [change] = useChangeDeliveryAddressMutation();
  // The first 'NotStarted' is the page as loaded: focus moves only once the customer acted.
  const [acted, setActed] = useState(false);
  // A click before the form's code is in shows a spinner: focus goes to the first field once
  // the form is there.
  const [formShown, setFormShown] = useState(false);
  const markFormShown = useRef(() => setFormShown(true)).current;
  const send = (event: AddressChangeEvent) => {
    setActed(true);
    dispatch(event);
  };
  const root = useRef<HTMLDivElement>(null);
  const answer = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const pending = useRef<HTMLParagraphElement>(null);
  const focusTarget = (shown: AddressChangeState) => () => {
    if (shown === 'Editing') return firstField(root.current);
    if (shown === 'NotStarted')
      return (
        opener.current ?? pending.current ?? root.current?.closest('section')?.querySelector('h2')
      );
    return answer.current;
  };
  useFocusOnResult(
    focusTarget(state),
    state === 'RequestInProgress' ||
      (state === 'NotStarted' && !acted) ||
      (state === 'Editing' && !formShown)
      ? null
      : state,
  );

  const submit = async (request: DeliveryAddressChangeRequest) => {
    send({ type: 'submit' });
    try {
      const result = await change({ orderCode: order.orderCode, change: request }).unwrap();
      send({ type: result.result === 'updated' ? 'updated' : 'requested' });
    } catch {
      send({ type: 'failed' });
    }
  };

  const content = shown();
  // Kept (hidden) when empty: it finds the section to focus when the order can no longer change.
  return (
    <div ref={root} hidden={content === null}>
      {content}
    </div>
  );

  function shown() {
    switch (state) {
      case 'NotStarted':
        if (order.pendingAddressChange)
          return (
            <Text ref={pending} size="sm">
              {t('orders.address.pending')}
            </Text>
          );
        if (!canChangeDeliveryAddress(order)) return null;
        return (
          <Group>
            <Button ref={opener} variant="light" onClick={() => send({ type: 'edit' })}>
              {t('orders.address.change')}
            </Button>
          </Group>
        );
      case 'SuccessfulUpdate':
      case 'RequestSent':
        return (
          <Alert ref={answer} color={state === 'SuccessfulUpdate' ? 'green' : 'blue'} role="status">
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
              <Alert ref={answer} color="red" role="alert">
                {t('orders.address.failed')}
              </Alert>
            ) : null}
            <Suspense fallback={<LoadingSpinner />}>
              <DeliveryAddressForm
                address={order.deliveryAddress}
                deliveryType={order.deliveryType}
                saving={state === 'RequestInProgress'}
                onSubmit={(request) => void submit(request)}
                onCancel={() => send({ type: 'cancel' })}
              />
              <Shown onMount={markFormShown} />
            </Suspense>
          </Stack>
        );
    }
  }
}
