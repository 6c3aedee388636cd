import { baseApi } from '../../api/base-api';
import { checked, schemaFailure } from '../../api/checked-response';
import { addressListSchema, addressSchema } from '../../api/schemas/address';
import type { Address, AddressInput } from '../../api/schemas/address';
import { customerSchema } from '../../api/schemas/customer';
import type { Customer, CustomerIntegrationPatch } from '../../api/schemas/customer';
import { paymentMethodResponseSchema } from '../../api/schemas/payment-method';
import type { PaymentMethodInput, PaymentMethodResponse } from '../../api/schemas/payment-method';
import type { PersonalDetailsInput } from '../../api/schemas/personal-details';

/**
 * The settings pages' part of the Customer API (docs/product.md#apis): personal details, the
 * FTP callback, addresses and the payment method. Its own file so the shell, which loads the
 * customer record on every page, does not pull in the address rules and their phone-number
 * metadata: only the lazy settings pages import this.
 */
export const customerSettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** PUT /customers/me: first and last name, phone number; answers the customer. */
    savePersonalDetails: build.mutation<Customer, PersonalDetailsInput>({
      query: (body) => ({ api: 'customer', method: 'PUT', url: '/customers/me', body }),
      invalidatesTags: (result) => (result ? ['Customer'] : []),
      ...checked(customerSchema),
    }),
    /** PATCH /customers/me: `callbackUrl` (http/https only) and `callbackFormat` (business). */
    saveIntegration: build.mutation<Customer, CustomerIntegrationPatch>({
      query: (body) => ({ api: 'customer', method: 'PATCH', url: '/customers/me', body }),
      invalidatesTags: (result) => (result ? ['Customer'] : []),
      ...checked(customerSchema),
    }),
    getAddresses: build.query<Address[], void>({
      query: () => ({ api: 'customer', url: '/customers/me/addresses' }),
      providesTags: ['Addresses'],
      // The raw body is checked, then reduced to its list.
      rawResponseSchema: addressListSchema,
      catchSchemaFailure: schemaFailure,
      transformResponse: (list: { items: Address[] }) => list.items,
    }),
    addAddress: build.mutation<Address, AddressInput>({
      query: (body) => ({ api: 'customer', method: 'POST', url: '/customers/me/addresses', body }),
      invalidatesTags: (result) => (result ? ['Addresses'] : []),
      ...checked(addressSchema),
    }),
    updateAddress: build.mutation<Address, { id: string; address: AddressInput }>({
      query: ({ id, address }) => ({
        api: 'customer',
        method: 'PUT',
        url: `/customers/me/addresses/${encodeURIComponent(id)}`,
        body: address,
      }),
      invalidatesTags: (result) => (result ? ['Addresses'] : []),
      ...checked(addressSchema),
    }),
    deleteAddress: build.mutation<null, string>({
      query: (id) => ({
        api: 'customer',
        method: 'DELETE',
        url: `/customers/me/addresses/${encodeURIComponent(id)}`,
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Addresses']),
    }),
    getPaymentMethod: build.query<PaymentMethodResponse, void>({
      query: () => ({ api: 'customer', url: '/customers/me/payment-method' }),
      providesTags: ['PaymentMethod'],
      ...checked(paymentMethodResponseSchema),
    }),
    /** The card number or IBAN goes out once to be tokenised; the answer has brand + last four only. */
    savePaymentMethod: build.mutation<PaymentMethodResponse, PaymentMethodInput>({
      query: (body) => ({
        api: 'customer',
        method: 'PUT',
        url: '/customers/me/payment-method',
        body,
      }),
      invalidatesTags: (result) => (result ? ['PaymentMethod'] : []),
      ...checked(paymentMethodResponseSchema),
    }),
    deletePaymentMethod: build.mutation<null, void>({
      query: () => ({ api: 'customer', method: 'DELETE', url: '/customers/me/payment-method' }),
      invalidatesTags: (_result, error) => (error ? [] : ['PaymentMethod']),
    }),
  }),
});

export const {
  useSavePersonalDetailsMutation,
  useSaveIntegrationMutation,
  useGetAddressesQuery,
  useAddAddressMutation,
  useUpdateAddressMutation,
  useDeleteAddressMutation,
  useGetPaymentMethodQuery,
  useSavePaymentMethodMutation,
  useDeletePaymentMethodMutation,
} = customerSettingsApi;
