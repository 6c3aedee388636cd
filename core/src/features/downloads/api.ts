import { baseApi } from '../../api/base-api';
import { checked } from '../../api/checked-response';
import { downloadSchema, downloadUrlSchema } from '../../api/schemas/download';
import type {
  CreateSharedAlbumDownloadRequest,
  Download,
  DownloadUrl,
} from '../../api/schemas/download';

/** The download API (`PhotoManagementDownloadApiUrl`): archive jobs and their zips. */
export const downloadsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /downloads: starts an archive job for up to 100 photos. */
    createDownload: build.mutation<Download, { photoIds: string[] }>({
      query: (body) => ({ api: 'download', url: '/downloads', method: 'POST', body }),
      ...checked(downloadSchema),
      invalidatesTags: ['Downloads'],
    }),
    /**
     * POST /shared-album-downloads: a shared album's archive names each photo's owner, since a
     * participant may download photos that are not theirs (docs/product.md#roles-and-flags).
     */
    createSharedAlbumDownload: build.mutation<Download, CreateSharedAlbumDownloadRequest>({
      query: (body) => ({
        api: 'download',
        url: '/shared-album-downloads',
        method: 'POST',
        body,
      }),
      ...checked(downloadSchema),
      invalidatesTags: ['Downloads'],
    }),
    /** GET /downloads/{id}/url: a short-lived signed URL of the finished zip (never cached). */
    getDownloadUrl: build.query<DownloadUrl, string>({
      query: (downloadId) => ({ api: 'download', url: `/downloads/${downloadId}/url` }),
      ...checked(downloadUrlSchema),
      keepUnusedDataFor: 0,
    }),
  }),
});
