import { Button, Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  addressFieldMessages,
  addressMessages,
  addressRequiredMessages,
} from '../../../api/schemas/address';
import type { DeliveryAddress, DeliveryType } from '../../../api/schemas/order';
import { useCountryName } from '../../../lib/country-name';
import { deliveryAddressChangeRequestSchema } from '../../../api/schemas/order-address';
import type { DeliveryAddressChangeRequest } from '../../../api/schemas/order-address';

/** Locale key (under `orders.address.errors`) of each message the shared address rules give. */
const errorKeys = new Map<string, string>([
  [addressMessages.phoneNumber, 'phoneNumber'],
  [addressMessages.postalCode, 'postalCode'],
  [addressMessages.streetNumber, 'streetNumber'],
  [addressMessages.streetName, 'streetName'],
  [addressRequiredMessages.streetName, 'streetNameRequired'],
  [addressRequiredMessages.streetNumber, 'streetNumberRequired'],
  [addressRequiredMessages.postalCode, 'postalCodeRequired'],
  [addressFieldMessages.required, 'required'],
  [addressFieldMessages.tooLong, 'tooLong'],
]);

type FormValues = DeliveryAddressChangeRequest;

const textFields = [
  'firstName',
  'lastName',
  'streetName',
  'streetNumber',
  'addressLine2',
  'postalCode',
  'city',
  'phoneNumber',
] as const;

export interface DeliveryAddressFormProps {
  /** The order's current address and delivery type: the form starts from them. */
  address: DeliveryAddress;
  deliveryType: DeliveryType | undefined;
  /** While true the save button shows it is busy and the form cannot be sent again. */
  saving: boolean;
  onSubmit: (change: DeliveryAddressChangeRequest) => void;
  onCancel: () => void;
}

/**
 * The new delivery address, checked with the shared address rules (`api/schemas/address`: the
 * same functions and messages the server uses) through react-hook-form's zod resolver. The
 * country is the order's: a parcel cannot move to another country.
 */
export function DeliveryAddressForm({
  address,
  deliveryType,
  saving,
  onSubmit,
  onCancel,
}: DeliveryAddressFormProps) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(deliveryAddressChangeRequestSchema),
    defaultValues: {
      deliveryType: deliveryType ?? 'Home',
      address: {
        ...address,
        addressLine2: address.addressLine2 ?? '',
        phoneNumber: address.phoneNumber ?? '',
        pickupPointId: address.pickupPointId ?? '',
        pickupPointName: address.pickupPointName ?? '',
      },
    },
  });
  const type = watch('deliveryType');
  const message = (error: FieldError | undefined) =>
    error?.message
      ? t(`orders.address.errors.${errorKeys.get(error.message) ?? 'invalid'}`)
      : undefined;

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) =>
        onSubmit({
          ...values,
          address: {
            ...values.address,
            addressLine2: values.address.addressLine2 || null,
            phoneNumber: values.address.phoneNumber || null,
            pickupPointId: type === 'PickupPoint' ? values.address.pickupPointId || null : null,
            pickupPointName: type === 'PickupPoint' ? values.address.pickupPointName || null : null,
          },
        }),
      )}
    >
      <Stack gap="sm">
        <Radio.Group
          label={t('orders.delivery.typeLabel')}
          value={type}
          onChange={(value) => setValue('deliveryType', value as DeliveryType)}
        >
          <Group mt={4}>
            <Radio value="Home" label={t('orders.delivery.Home')} />
            <Radio value="PickupPoint" label={t('orders.delivery.PickupPoint')} />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {textFields.map((field) => (
            <TextInput
              key={field}
              label={t(`orders.address.fields.${field}`)}
              required={field !== 'addressLine2' && field !== 'phoneNumber'}
              error={message(errors.address?.[field])}
              {...register(`address.${field}`)}
            />
          ))}
          {type === 'PickupPoint' ? (
            <>
              <TextInput
                label={t('orders.address.fields.pickupPointId')}
                required
                error={message(errors.address?.pickupPointId)}
                {...register('address.pickupPointId')}
              />
              <TextInput
                label={t('orders.address.fields.pickupPointName')}
                required
                error={message(errors.address?.pickupPointName)}
                {...register('address.pickupPointName')}
              />
            </>
          ) : null}
          <TextInput
            label={t('orders.address.fields.country')}
            value={countryName(address.country)}
            readOnly
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={saving}>
            {t('orders.address.save')}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
