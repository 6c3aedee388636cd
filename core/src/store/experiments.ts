import { baseApi } from '../api/base-api';
import type { ThunkExtra } from '../api/base-api';
import { parseResponse } from '../api/checked-response';
import { experimentsSchema } from '../api/schemas/observability';
import type { Experiments, ExperimentVariant } from '../api/schemas/observability';

/**
 * The A/B test (docs/product.md, "Page furniture"): the signed-in account's variant of
 * `sample-test`, assigned and kept by the server (`GET {ExperimentsApiUrl}/me`), so it is the
 * same after a reload, in another browser and in the desktop app. Without `ExperimentsApiUrl`
 * nobody is asked and every account sees `control`.
 */
export const experimentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getExperiments: build.query<Experiments, void>({
      async queryFn(_arg, api, _extra, baseQuery) {
        const { config } = api.extra as ThunkExtra;
        if (!config.ExperimentsApiUrl)
          return { data: { experiments: { 'sample-test': 'control' } } };
        const result = await baseQuery({ api: 'experiments', url: '/me' });
        if (result.error) return { error: result.error };
        return parseResponse(experimentsSchema, result.data);
      },
    }),
  }),
});

/** The account's `sample-test` variant, or undefined while it loads (or when it failed). */
export function useSampleTestVariant(): ExperimentVariant | undefined {
  // The variant alone: the query's start (in the shell's first effects) changes nothing here.
  const { variant } = experimentsApi.useGetExperimentsQuery(undefined, {
    selectFromResult: ({ data }) => ({ variant: data?.experiments['sample-test'] }),
  });
  return variant;
}
