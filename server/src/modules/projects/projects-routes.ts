import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  projectIdParamsSchema,
  projectsPageSchema,
  projectsParamsSchema,
  projectsQuerySchema,
} from '@photo/core/api/schemas/project';
import type { SavedProject } from '@photo/core/api/schemas/project';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError } from '../../http/http-error.ts';
import { findSalesChannel } from '../orders/channels.ts';
import type { SavedProjectRow } from './projects-repository.ts';
import { deleteSavedProject, listSavedProjects } from './projects-repository.ts';

const tags = ['saved projects'];
const security = [{ bearerAuth: [] }];

/** Opens the project in its brand's editor (the storefront's EditorUrl). */
function present(row: SavedProjectRow): SavedProject {
  const editor =
    findSalesChannel(row.channel)?.storefront.EditorUrl ?? 'https://www.photobox.co.uk/editor';
  return {
    id: row.id,
    name: row.name,
    articleType: row.article_type,
    productTitle: row.product_title,
    channel: row.channel,
    pageCount: row.page_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    editUrl: `${editor}?projectId=${encodeURIComponent(row.id)}`,
  };
}

/**
 * Saved projects of docs/product.md#apis (mounted at ProjectsApiUrl, /api/projects, so the
 * full paths read `/api/projects/api/v2/...` like the retailer's service). Pages of 10 by
 * default: `skip=(page-1)*size`. A foreign `{accountId}` is 403; a foreign project id is 404
 * like an unknown one.
 */
export const projectsModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/v2/projects/:accountId',
    {
      schema: {
        tags,
        security,
        summary:
          'Saved projects of the account, most recently changed first (skip/limit, limit 10)',
        params: projectsParamsSchema,
        querystring: projectsQuerySchema,
        response: { 200: projectsPageSchema },
      },
    },
    async (request) => {
      if (request.params.accountId !== request.user.id)
        throw new HttpError(403, 'Projects of another account', 'params.accountId');
      const { total, rows } = await listSavedProjects(deps.db, request.user.id, request.query);
      return { projects: rows.map(present), totalProjectCount: total };
    },
  );

  app.delete(
    '/api/v2/project/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a saved project (204; 404 = not found)',
        params: projectIdParamsSchema,
      },
    },
    async (request, reply) => {
      if (!(await deleteSavedProject(deps.db, request.user.id, request.params.id)))
        throw new HttpError(404, 'Project not found', 'params.id');
      return reply.code(204).send();
    },
  );
};
