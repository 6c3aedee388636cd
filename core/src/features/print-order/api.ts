import { baseApi } from '../../api/base-api';
import { checked } from '../../api/checked-response';
import { createTempSelectionResponseSchema } from '../../api/schemas/temp-selection';
import type { CreateTempSelectionResponse } from '../../api/schemas/temp-selection';

export const printOrderApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /temp-selections: the photos handed to the print editor. */
    createTempSelection: build.mutation<CreateTempSelectionResponse, { photoIds: string[] }>({
      query: (body) => ({ api: 'photo', url: '/temp-selections', method: 'POST', body }),
      ...checked(createTempSelectionResponseSchema),
    }),
  }),
});
