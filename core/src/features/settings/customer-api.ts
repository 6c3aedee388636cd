import { z } from 'zod';
import { baseApi } from '../../api/base-api';
import { businessStatusSchema } from '../../api/schemas/customer';

export type { BusinessStatus } from '../../api/schemas/customer';

/**
 * The part of GET {CustomerApiUrl}/customers/me the shell reads (spec §3 Customer): the
 * business status for the banner and the deleted flag. Other fields pass through untouched.
 */
export const customerSummarySchema = z.looseObject({
  status: businessStatusSchema.nullish(),
  accountDeleted: z.boolean().optional(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** 404 means "no customer" (spec §7): the query fails and nothing is shown. */
    getCustomerSummary: build.query<CustomerSummary, void>({
      query: () => ({ api: 'customer', url: '/customers/me' }),
      transformResponse: (raw: unknown) => customerSummarySchema.parse(raw),
    }),
  }),
});

export const { useGetCustomerSummaryQuery } = customerApi;
