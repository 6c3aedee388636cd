import { baseApi } from '../../api/base-api';
import type { ApiError } from '../../api/base-api';
import { checked, parseResponse } from '../../api/checked-response';
import {
  CHANNEL_ID_MISSING,
  MERCHANDISE_CHANNEL_QUERY,
  graphqlResponseSchema,
  merchandiseChannelDataSchema,
} from '../../api/schemas/merchandise';
import type { MerchandiseChannel } from '../../api/schemas/merchandise';
import { createTempSelectionResponseSchema } from '../../api/schemas/temp-selection';
import type { CreateTempSelectionResponse } from '../../api/schemas/temp-selection';

export const printOrderApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /temp-selections: the photos handed to the print editor. */
    createTempSelection: build.mutation<CreateTempSelectionResponse, { photoIds: string[] }>({
      query: (body) => ({ api: 'photo', url: '/temp-selections', method: 'POST', body }),
      ...checked(createTempSelectionResponseSchema),
    }),
    /**
     * The merchandise channel of a sales channel (POST {MerchandiseApiUrl}, the channel query
     * with its articles). A channel the service does not know fails with 'Unable to extract
     * channel ID!' (status 404), so the not-found is reported like every failed action; GraphQL
     * errors are failures too (docs/product.md#messages).
     */
    getMerchandiseChannel: build.query<MerchandiseChannel, string>({
      async queryFn(id, _api, _extra, baseQuery) {
        const result = await baseQuery({
          api: 'merchandise',
          url: '/',
          method: 'POST',
          body: { query: MERCHANDISE_CHANNEL_QUERY, variables: { id } },
        });
        if (result.error) return { error: result.error as ApiError };
        const body = parseResponse(graphqlResponseSchema, result.data);
        if ('error' in body) return body;
        const problem = body.data.errors?.[0];
        if (problem)
          return { error: { status: 'PARSE_ERROR', message: problem.message, correlationId: '' } };
        const data = parseResponse(merchandiseChannelDataSchema, body.data.data);
        if ('error' in data) return data;
        const channel = data.data.channel;
        if (!channel?.ID)
          return { error: { status: 404, message: CHANNEL_ID_MISSING, correlationId: '' } };
        return { data: channel };
      },
    }),
  }),
});
