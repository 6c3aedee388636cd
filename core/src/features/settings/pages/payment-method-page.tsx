import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { paymentMethodInputSchema } from '../../../api/schemas/payment-method';
import type {
  PaymentMethod,
  PaymentMethodInput,
  PaymentMethodType,
} from '../../../api/schemas/payment-method';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';
import { showToast } from '../../../ui/toast';
import {
  useDeletePaymentMethodMutation,
  useGetPaymentMethodQuery,
  useSavePaymentMethodMutation,
} from '../../customer/customer-settings-api';
import { SettingsLoadError, UnexpectedError } from '../components/settings-alerts';
import { useFieldError } from '../form-messages';
import { BackToSettings } from './back-to-settings';
import { LoadingSpinner } from '../../../ui/loading-screen';

/**
 * docs/product.md#screens /settings/payment-method: what the customer can see and change of
 * their payment method. A card shows as its brand and last four digits only; the full number
 * or IBAN goes to the server once, to be replaced by a token.
 */
export function PaymentMethodPage() {
  const { t } = useTranslation();
  const query = useGetPaymentMethodQuery();
  const [editing, setEditing] = useState(false);
  const [remove, removing] = useDeletePaymentMethodMutation();
  const method = query.data?.paymentMethod ?? null;

  return (
    <Page title={t('shell.settings.paymentMethodTitle')}>
      {query.error ? (
        <SettingsLoadError query={query} />
      ) : !query.data ? (
        <LoadingSpinner />
      ) : editing ? (
        <PaymentMethodForm onDone={() => setEditing(false)} />
      ) : method ? (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm">
            <PaymentMethodSummary method={method} />
            {removing.isError ? <UnexpectedError /> : null}
            <Group>
              <Button onClick={() => setEditing(true)}>{t('settings.payment.change')}</Button>
              <Button
                variant="default"
                color="red"
                loading={removing.isLoading}
                onClick={async () => {
                  const result = await remove();
                  if (!('error' in result)) showToast({ message: t('settings.payment.removed') });
                }}
              >
                {t('settings.payment.remove')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <EmptyState
          title={t('shell.settings.noPaymentMethod')}
          action={<Button onClick={() => setEditing(true)}>{t('settings.payment.add')}</Button>}
        />
      )}
      <BackToSettings />
    </Page>
  );
}

function PaymentMethodSummary({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation();
  const lines: string[] = [];
  if (method.type === 'card') {
    lines.push(
      t('settings.payment.cardSummary', {
        brand: method.cardBrand ? t(`settings.payment.brands.${method.cardBrand}`) : '',
        last4: method.last4 ?? '',
      }),
    );
    if (method.expiryMonth && method.expiryYear)
      lines.push(
        t('settings.payment.expires', {
          month: String(method.expiryMonth).padStart(2, '0'),
          year: method.expiryYear,
        }),
      );
  } else if (method.type === 'paypal') {
    lines.push(t('settings.payment.paypalSummary', { email: method.paypalEmail ?? '' }));
  } else {
    lines.push(t('settings.payment.sepaSummary', { last4: method.last4 ?? '' }));
  }
  if (method.holderName) lines.push(t('settings.payment.holder', { name: method.holderName }));
  return (
    <div>
      <Text fw={600}>{lines[0]}</Text>
      {lines.slice(1).map((line) => (
        <Text key={line} size="sm" c="dimmed">
          {line}
        </Text>
      ))}
    </div>
  );
}

interface PaymentFormValues {
  type: PaymentMethodType;
  cardNumber: string;
  expiryMonth: string;
  expiryYear: string;
  holderName: string;
  email: string;
  iban: string;
}

/** The values of the chosen type as the API takes them (numbers as numbers). */
function toInput(values: PaymentFormValues): PaymentMethodInput {
  if (values.type === 'card')
    return {
      type: 'card',
      cardNumber: values.cardNumber,
      expiryMonth: Number(values.expiryMonth),
      expiryYear: Number(values.expiryYear),
      holderName: values.holderName,
    };
  if (values.type === 'paypal') return { type: 'paypal', email: values.email };
  return { type: 'sepa', iban: values.iban, holderName: values.holderName };
}

/** The shared schema checks the converted values; its issues land on the form's fields. */
const checkPaymentMethod = zodResolver(paymentMethodInputSchema);
const paymentResolver: Resolver<PaymentFormValues, unknown, PaymentMethodInput> = (
  values,
  context,
  options,
) =>
  checkPaymentMethod(
    toInput(values),
    context,
    options as unknown as Parameters<typeof checkPaymentMethod>[2],
  ) as ReturnType<Resolver<PaymentFormValues, unknown, PaymentMethodInput>>;

function PaymentMethodForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [save, saving] = useSavePaymentMethodMutation();
  const form = useForm<PaymentFormValues, unknown, PaymentMethodInput>({
    resolver: paymentResolver,
    defaultValues: {
      type: 'card',
      cardNumber: '',
      expiryMonth: '',
      expiryYear: '',
      holderName: '',
      email: '',
      iban: '',
    },
  });
  const { errors } = form.formState;
  const type = form.watch('type');
  const thisYear = new Date().getFullYear();

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await save(values);
    if ('error' in result) return;
    showToast({ message: t('settings.saved') });
    onDone();
  });

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {/* Radios wrap on narrow screens (a segmented control clipped the longest label). */}
          <Radio.Group
            label={t('settings.payment.type')}
            value={type}
            onChange={(value) => {
              form.setValue('type', value as PaymentMethodType);
              form.clearErrors();
            }}
          >
            <Group gap="md" mt="xs">
              <Radio value="card" label={t('settings.payment.card')} />
              <Radio value="paypal" label={t('settings.payment.paypal')} />
              <Radio value="sepa" label={t('settings.payment.sepa')} />
            </Group>
          </Radio.Group>
          {type === 'card' ? (
            <>
              <TextInput
                {...form.register('cardNumber')}
                label={t('settings.payment.cardNumber')}
                inputMode="numeric"
                autoComplete="cc-number"
                error={fieldError(errors.cardNumber?.message)}
                required
              />
              <SimpleGrid cols={2}>
                <NativeSelect
                  {...form.register('expiryMonth')}
                  label={t('settings.payment.expiryMonth')}
                  autoComplete="cc-exp-month"
                  data={[
                    { value: '', label: '–' },
                    ...Array.from({ length: 12 }, (_, index) => {
                      const month = String(index + 1).padStart(2, '0');
                      return { value: String(index + 1), label: month };
                    }),
                  ]}
                  error={fieldError(errors.expiryMonth?.message)}
                  required
                />
                <NativeSelect
                  {...form.register('expiryYear')}
                  label={t('settings.payment.expiryYear')}
                  autoComplete="cc-exp-year"
                  data={[
                    { value: '', label: '–' },
                    ...Array.from({ length: 15 }, (_, index) => String(thisYear + index)),
                  ]}
                  error={fieldError(errors.expiryYear?.message)}
                  required
                />
              </SimpleGrid>
              <TextInput
                {...form.register('holderName')}
                label={t('settings.payment.holderName')}
                autoComplete="cc-name"
                error={fieldError(errors.holderName?.message)}
                required
              />
            </>
          ) : type === 'paypal' ? (
            <TextInput
              {...form.register('email')}
              type="email"
              label={t('settings.payment.paypalEmail')}
              autoComplete="email"
              error={fieldError(errors.email?.message)}
              required
            />
          ) : (
            <>
              <TextInput
                {...form.register('iban')}
                label={t('settings.payment.iban')}
                error={fieldError(errors.iban?.message)}
                required
              />
              <TextInput
                {...form.register('holderName')}
                label={t('settings.payment.accountHolder')}
                autoComplete="name"
                error={fieldError(errors.holderName?.message)}
                required
              />
            </>
          )}
          <Text size="sm" c="dimmed">
            {t('settings.payment.storedNote')}
          </Text>
          {saving.isError ? <UnexpectedError /> : null}
          <Group>
            <Button type="submit" loading={saving.isLoading}>
              {t('settings.payment.save')}
            </Button>
            <Button variant="default" onClick={onDone}>
              {t('settings.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
