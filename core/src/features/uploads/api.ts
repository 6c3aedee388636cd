import { baseApi } from '../../api/base-api';
import { checked } from '../../api/checked-response';
import { photoSchema } from '../../api/schemas/photo';
import type { Photo } from '../../api/schemas/photo';

export const uploadsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /photos (multipart `file`): one upload; the caller invalidates the lists when a batch ends. */
    uploadPhoto: build.mutation<Photo, FormData>({
      query: (body) => ({ api: 'photo', url: '/photos', method: 'POST', body }),
      ...checked(photoSchema),
    }),
  }),
});
