import { baseApi } from '../../api/base-api';
import type { ApiError } from '../../api/base-api';
import {
  activationStartSchema,
  activationStatusResponseSchema,
} from '../../api/schemas/photo-user';
import type { ActivationStart, ActivationStatusResponse } from '../../api/schemas/photo-user';

/** docs/product.md#validation: a bad activation answer fails with exactly this message. */
export const ACTIVATION_PARSE_ERROR = 'Failed to parse response!';

const activationChecked = <S>(schema: S) => ({
  responseSchema: schema,
  catchSchemaFailure: (): ApiError => ({
    status: 'PARSE_ERROR',
    message: ACTIVATION_PARSE_ERROR,
    correlationId: '',
  }),
});

/** The photo import (activation) calls of the photo API (docs/product.md#apis). */
export const photoImportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /users/activate: where the user's photo import stands. */
    getActivationStatus: build.query<ActivationStatusResponse, void>({
      query: () => ({ api: 'photo', url: '/users/activate' }),
      ...activationChecked(activationStatusResponseSchema),
      providesTags: ['Activation'],
    }),
    /** POST /users/activate: start the import of a NOT_ACTIVE user. */
    startActivation: build.mutation<ActivationStart, void>({
      query: () => ({ api: 'photo', url: '/users/activate', method: 'POST' }),
      ...activationChecked(activationStartSchema),
      invalidatesTags: ['Activation'],
    }),
  }),
});

export const { useGetActivationStatusQuery, useStartActivationMutation } = photoImportApi;
