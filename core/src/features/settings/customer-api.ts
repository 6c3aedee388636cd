import { baseApi } from '../../api/base-api';
import { customerSchema } from '../../api/schemas/customer';
import type { Customer } from '../../api/schemas/customer';

export type { BusinessStatus } from '../../api/schemas/customer';

export const customerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET {CustomerApiUrl}/customers/me, checked with the schema the server answers with.
     * 404 means "no customer" (docs/product.md#apis): the query fails and nothing is shown.
     */
    getCustomer: build.query<Customer, void>({
      query: () => ({ api: 'customer', url: '/customers/me' }),
      transformResponse: (raw: unknown) => customerSchema.parse(raw),
    }),
  }),
});

export const { useGetCustomerQuery } = customerApi;
