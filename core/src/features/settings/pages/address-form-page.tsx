import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { z } from 'zod/mini';
import {
  addressCountries,
  addressInputSchema,
  toAddressCountry,
} from '../../../api/schemas/address';
import type { Address, AddressInput, AddressType } from '../../../api/schemas/address';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';
import { useAppNavigate } from '../../../ui/stripped-link';
import { showToast } from '../../../ui/toast';
import { useBrand } from '../../brand/brand-context';
import { useIdentity } from '../../auth/use-identity';
import {
  useAddAddressMutation,
  useGetAddressesQuery,
  useUpdateAddressMutation,
} from '../../customer/customer-settings-api';
import { addressPaths } from '../address-paths';
import { SettingsLoadError, UnexpectedError } from '../components/settings-alerts';
import { useCountryName } from '../../../lib/country-name';
import { useFieldError } from '../form-messages';
import { BackToSettings } from './back-to-settings';
import { LoadingSpinner } from '../../../ui/loading-screen';

/** The form's values: every field a string, as the inputs hold them. */
interface AddressFormValues {
  type: AddressType;
  firstName: string;
  lastName: string;
  companyName: string;
  vatNumber: string;
  streetName: string;
  streetNumber: string;
  addressLine2: string;
  postalCode: string;
  city: string;
  country: string;
  phoneNumber: string;
  isDefault: boolean;
}
type AddressOutput = z.output<typeof addressInputSchema>;

function formValues(type: AddressType, country: string, address?: Address): AddressFormValues {
  return {
    type: address?.type ?? type,
    firstName: address?.firstName ?? '',
    lastName: address?.lastName ?? '',
    companyName: address?.companyName ?? '',
    vatNumber: address?.vatNumber ?? '',
    streetName: address?.streetName ?? '',
    streetNumber: address?.streetNumber ?? '',
    addressLine2: address?.addressLine2 ?? '',
    postalCode: address?.postalCode ?? '',
    city: address?.city ?? '',
    country: address?.country ?? toAddressCountry(country) ?? 'GB',
    phoneNumber: address?.phoneNumber ?? '',
    isDefault: address?.isDefault ?? false,
  };
}

/** docs/product.md#screens /settings/new-address and /settings/b2b/new-address. */
export function NewAddressPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('shell.settings.newAddressTitle')}>
      <Text>{t('shell.settings.newAddressIntro')}</Text>
      <AddressForm />
      <BackToSettings />
    </Page>
  );
}

/** docs/product.md#screens /settings/address/{id} and /settings/b2b/address/{id}: change an address. */
export function ChangeAddressPage() {
  const { t } = useTranslation();
  const { addressId } = useParams();
  const addresses = useGetAddressesQuery();
  const address = addresses.data?.find((item) => item.id === addressId);
  return (
    <Page title={t('shell.settings.changeAddressTitle')}>
      {addresses.error ? (
        <SettingsLoadError query={addresses} />
      ) : !addresses.data ? (
        <LoadingSpinner />
      ) : address ? (
        <AddressForm address={address} />
      ) : (
        <EmptyState title={t('shell.settings.addressNotFound')} />
      )}
      <BackToSettings />
    </Page>
  );
}

/**
 * Add or change an address with the shared rules (docs/product.md#validation): postal code per
 * country, phone number through libphonenumber-js, street name and number, each with its
 * message. Business accounts add business addresses (company name, VAT number).
 */
function AddressForm({ address }: { address?: Address }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const { isBusiness } = useIdentity();
  const navigate = useAppNavigate();
  const fieldError = useFieldError();
  const countryName = useCountryName();
  const [add, adding] = useAddAddressMutation();
  const [update, updating] = useUpdateAddressMutation();
  const form = useForm<AddressFormValues, unknown, AddressOutput>({
    // The form holds every field as a string (never null or absent): a narrower input than the
    // schema's, which the resolver's type cannot express.
    resolver: zodResolver(addressInputSchema) as unknown as Resolver<
      AddressFormValues,
      unknown,
      AddressOutput
    >,
    defaultValues: formValues(isBusiness ? 'business' : 'normal', brand.country, address),
  });
  const { errors } = form.formState;
  const business = form.watch('type') === 'business';
  const failed = adding.isError || updating.isError;

  const onSubmit = form.handleSubmit(async (values) => {
    const body: AddressInput = {
      ...values,
      companyName: values.companyName || null,
      vatNumber: values.vatNumber || null,
      addressLine2: values.addressLine2 || null,
    };
    const result = address ? await update({ id: address.id, address: body }) : await add(body);
    if ('error' in result) return;
    showToast({ message: t('settings.address.saved') });
    navigate(addressPaths(isBusiness).list);
  });

  const text = (
    name: Exclude<keyof AddressFormValues, 'type' | 'isDefault'>,
    label: string,
    props: { autoComplete?: string; required?: boolean; type?: string; description?: string } = {},
  ) => (
    <TextInput
      {...form.register(name)}
      label={label}
      error={fieldError(errors[name]?.message)}
      required={props.required ?? true}
      autoComplete={props.autoComplete}
      type={props.type}
      description={props.description}
    />
  );

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('firstName', t('settings.fields.firstName'), { autoComplete: 'given-name' })}
            {text('lastName', t('settings.fields.lastName'), { autoComplete: 'family-name' })}
          </SimpleGrid>
          {business ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('companyName', t('settings.address.companyName'), {
                autoComplete: 'organization',
              })}
              {text('vatNumber', t('settings.address.vatNumber'), {
                required: false,
                description: t('settings.fields.optional'),
              })}
            </SimpleGrid>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('streetName', t('settings.address.streetName'), {
              autoComplete: 'address-line1',
            })}
            {text('streetNumber', t('settings.address.streetNumber'))}
          </SimpleGrid>
          {text('addressLine2', t('settings.address.addressLine2'), {
            required: false,
            autoComplete: 'address-line2',
            description: t('settings.fields.optional'),
          })}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('postalCode', t('settings.address.postalCode'), {
              autoComplete: 'postal-code',
            })}
            {text('city', t('settings.address.city'), { autoComplete: 'address-level2' })}
          </SimpleGrid>
          <NativeSelect
            {...form.register('country')}
            label={t('settings.address.country')}
            autoComplete="country"
            error={fieldError(errors.country?.message)}
            data={addressCountries.map((code) => ({ value: code, label: countryName(code) }))}
            required
          />
          {text('phoneNumber', t('settings.fields.phoneNumber'), {
            autoComplete: 'tel',
            type: 'tel',
          })}
          <Checkbox {...form.register('isDefault')} label={t('settings.address.isDefault')} />
          {failed ? <UnexpectedError /> : null}
          <Group>
            <Button type="submit" loading={adding.isLoading || updating.isLoading}>
              {t('settings.address.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
