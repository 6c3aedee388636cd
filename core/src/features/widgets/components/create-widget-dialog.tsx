import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../ui/app-dialog';
import { useFocusOnResult } from '../../../ui/focus-result';
import { showToast } from '../../../ui/toast';
import type { Order } from '../../orders/order-model';
import { useCreateWidgetMutation } from '../api';

export interface CreateWidgetDialogProps {
  opened: boolean;
  /** The customer's orders: every product not cancelled and without a widget can get one. */
  orders: readonly Order[];
  /** Product codes that have a widget already. */
  taken: ReadonlySet<string>;
  onClose: () => void;
}

/**
 * Make a widget for an ordered product (POST /v1/widget/{code}), with an optional title. A
 * failure's message takes focus (docs/product.md#focus); a success closes the dialog, a toast
 * names the new widget and focus goes back to the button that opened it.
 */
export function CreateWidgetDialog({ opened, orders, taken, onClose }: CreateWidgetDialogProps) {
  const { t } = useTranslation();
  const [create, { isLoading, isError, reset }] = useCreateWidgetMutation();
  const [code, setCode] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const failure = useRef<HTMLDivElement>(null);
  useFocusOnResult(failure, isError ? 'failed' : null);
  const options = orders.flatMap((order) =>
    order.products
      .filter((product) => product.status !== 'Cancelled' && !taken.has(product.code))
      .map((product) => ({
        value: product.code,
        label: `${product.title} (${order.orderCode})`,
      })),
  );
  const close = () => {
    reset();
    setCode(null);
    setTitle('');
    onClose();
  };
  return (
    <AppDialog opened={opened} onClose={close} title={t('widgets.create.title')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!code) return;
          void create({ code, title: title.trim() || undefined })
            .unwrap()
            .then((widget) => {
              close();
              showToast({
                message: t('widgets.create.created', { title: widget.title }),
                role: 'status',
              });
            })
            .catch(() => undefined);
        }}
      >
        <Stack gap="sm">
          {isError ? (
            <Alert ref={failure} color="red" role="alert">
              {t('widgets.create.failed')}
            </Alert>
          ) : null}
          <Select
            label={t('widgets.create.product')}
            placeholder={t('widgets.create.productPlaceholder')}
            data={options}
            value={code}
            onChange={setCode}
            searchable
            required
            nothingFoundMessage={t('widgets.create.noProducts')}
          />
          <TextInput
            label={t('widgets.create.widgetTitle')}
            description={t('widgets.create.widgetTitleHint')}
            value={title}
            maxLength={120}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={isLoading}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isLoading} disabled={!code}>
              {t('widgets.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
