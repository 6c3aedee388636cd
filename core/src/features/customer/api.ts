import { baseApi } from '../../api/base-api';
import { checked } from '../../api/checked-response';
import { customerSchema } from '../../api/schemas/customer';
import type { Customer } from '../../api/schemas/customer';

/** The Customer API (`CustomerApiUrl`): the signed-in user's customer record. */
export const customerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET {CustomerApiUrl}/customers/me, checked with the schema the server answers with.
     * 404 means "no customer" (docs/product.md#apis): the query fails and nothing is shown.
     */
    getCustomer: build.query<Customer, void>({
      query: () => ({ api: 'customer', url: '/customers/me' }),
      ...checked(customerSchema),
    }),
  }),
});

export const { useGetCustomerQuery } = customerApi;
