import { baseApi } from '../../api/base-api';
import { checked } from '../../api/checked-response';
import { projectsPageSchema, SAVED_PROJECTS_PAGE_SIZE } from '../../api/schemas/project';
import type { ProjectsPage } from '../../api/schemas/project';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['SavedProjects'] });

/** Saved projects (docs/product.md#apis "Orders and saved projects"). */
export const savedProjectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v2/projects/{accountId}?skip={(page-1)*size}&limit={size}, size 10. */
    getSavedProjects: build.query<ProjectsPage, { accountId: string; page: number }>({
      query: ({ accountId, page }) => ({
        api: 'projects',
        url: `/api/v2/projects/${encodeURIComponent(accountId)}`,
        params: {
          skip: (page - 1) * SAVED_PROJECTS_PAGE_SIZE,
          limit: SAVED_PROJECTS_PAGE_SIZE,
        },
      }),
      ...checked(projectsPageSchema),
      providesTags: ['SavedProjects'],
    }),
    /**
     * DELETE /api/v2/project/{id}. After a successful delete every cached page clears
     * (docs/product.md#states): pages on screen load again, the others are dropped.
     */
    deleteSavedProject: build.mutation<null, string>({
      query: (id) => ({
        api: 'projects',
        url: `/api/v2/project/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['SavedProjects']),
    }),
  }),
});

export const { useGetSavedProjectsQuery, useDeleteSavedProjectMutation } = savedProjectsApi;
