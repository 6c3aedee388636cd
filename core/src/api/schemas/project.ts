import { z } from 'zod/mini';

/** Saved projects page size (docs/product.md#limits); the client asks `skip=(page-1)*size`. */
export const SAVED_PROJECTS_PAGE_SIZE = 10;
/** Largest `limit` GET /api/v2/projects accepts. */
export const SAVED_PROJECTS_MAX_LIMIT = 100;

/** A project saved in the editor and not ordered yet (docs/product.md#data Saved project). */
export const savedProjectSchema = z.object({
  id: z.uuid(),
  name: z.string().check(z.minLength(1)),
  articleType: z.string().check(z.minLength(1)),
  productTitle: z.string().check(z.minLength(1)),
  /** Sales channel it was made on. */
  channel: z.string(),
  pageCount: z.int().check(z.minimum(1)),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Opens the project in the brand's editor. */
  editUrl: z.url(),
});
export type SavedProject = z.infer<typeof savedProjectSchema>;

export const projectsParamsSchema = z.object({ accountId: z.uuid() });

/** GET /api/v2/projects/{accountId} query: most recently changed first. */
export const projectsQuerySchema = z.object({
  skip: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)), 0),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(SAVED_PROJECTS_MAX_LIMIT)),
    SAVED_PROJECTS_PAGE_SIZE,
  ),
});
export type ProjectsQuery = z.input<typeof projectsQuerySchema>;

export const projectsPageSchema = z.object({
  projects: z.array(savedProjectSchema),
  totalProjectCount: z.int().check(z.minimum(0)),
});
export type ProjectsPage = z.infer<typeof projectsPageSchema>;

/** DELETE /api/v2/project/{id}: 204, or 404 for an unknown or foreign id. */
export const projectIdParamsSchema = z.object({ id: z.uuid() });
