import { baseApi } from '../../api/base-api';
import type { ApiError } from '../../api/base-api';
import { checked } from '../../api/checked-response';
import { customerSchema } from '../../api/schemas/customer';
import type { Customer } from '../../api/schemas/customer';

/** The Customer API (`CustomerApiUrl`): the signed-in user's customer record. */
export const customerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET {CustomerApiUrl}/customers/me, checked with the schema the server answers with.
     * 404 means "no customer" (docs/product.md#apis): the query fails, and the shell treats the
     * account as deleted ({@link isCustomerGone}).
     */
    getCustomer: build.query<Customer, void>({
      query: () => ({ api: 'customer', url: '/customers/me' }),
      providesTags: ['Customer'],
      ...checked(customerSchema),
    }),
  }),
});

export const { useGetCustomerQuery } = customerApi;

/**
 * docs/product.md#states: a customer record flagged deleted, or none at all (404), means the
 * account is gone and the user is signed out.
 */
export function isCustomerGone(query: { data?: Customer; error?: unknown }): boolean {
  if (query.data?.accountDeleted === true) return true;
  const error = query.error as ApiError | undefined;
  return error?.status === 404;
}
