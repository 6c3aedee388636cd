import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { customerModule } from './customer/customer-routes.ts';
import { identityModule } from './identity/identity-routes.ts';
import { photoManagementModule } from './photo-management/plugin.ts';

/**
 * Registers the API modules of docs/product.md#apis, each a Fastify plugin under its own prefix. Runs after
 * the error handler, the zod compilers, swagger, `app.authenticate` and the push hub exist, so a
 * module can use all of them. One line per module:
 *
 *   await app.register(photoManagementModule, { prefix: '/api/photo', deps });
 */
export async function registerApiModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(photoManagementModule, { prefix: '/api/photo', deps });
  await app.register(customerModule, { prefix: '/api/customer', deps });
  // Prefix /api: `/api/me/identity` and the identity API below `/api/identity`.
  await app.register(identityModule, { prefix: '/api', deps });
}
