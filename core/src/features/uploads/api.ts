import { baseApi } from '../../api/base-api';
import { checked } from '../../api/checked-response';
import { photoSchema } from '../../api/schemas/photo';
import type { Photo } from '../../api/schemas/photo';

/** Every list an upload can change: the library, its counts and the albums. */
export const UPLOAD_INVALIDATES = [
  'User',
  'Timeline',
  'MonthPhotos',
  'Photos',
  'Albums',
  'AlbumPhotos',
  'Album',
] as const;

export const uploadsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /photos (multipart `file`): one upload; the caller invalidates the lists when a batch ends. */
    uploadPhoto: build.mutation<Photo, FormData>({
      query: (body) => ({ api: 'photo', url: '/photos', method: 'POST', body }),
      ...checked(photoSchema),
    }),
  }),
});
