import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { customerModule } from './customer/customer-routes.ts';
import { deliveryModule } from './delivery/delivery-routes.ts';
import { emailGatewayModule } from './email-gateway/email-gateway-routes.ts';
import { invoicesModule } from './invoices/invoices-routes.ts';
import { merchandiseModule } from './merchandise/merchandise-routes.ts';
import { ordersModule } from './orders/orders-routes.ts';
import { productsModule } from './products/products-routes.ts';
import { projectsModule } from './projects/projects-routes.ts';
import { reorderModule } from './reorder/reorder-routes.ts';
import { vouchersModule } from './vouchers/vouchers-routes.ts';
import { widgetsModule } from './widgets/widgets-routes.ts';
import { identityModule } from './identity/identity-routes.ts';
import { photoManagementModule } from './photo-management/plugin.ts';
import { pushModule } from './push/push-routes.ts';
import { storageModule } from './storage/storage-routes.ts';
import { storefrontModule } from './storefront/storefront-routes.ts';
import { analyticsModule } from './analytics/analytics-routes.ts';
import { experimentsModule } from './experiments/experiments-routes.ts';
import { reportsModule } from './reports/reports-routes.ts';
import { supportWidgetsModule } from './support-widgets/support-widgets-routes.ts';

/**
 * Registers every API module of docs/product.md#apis, each a Fastify plugin under its own
 * prefix. Runs after the error handler, the zod compilers, swagger, compression, the websocket
 * plugin, `app.authenticate` and the push hub exist, so a module can use all of them.
 *
 * The module pattern (docs/architecture.md, server modules), for the next module too:
 * - a folder `modules/<module>/` with `plugin.ts` (or `<module>-routes.ts`) exporting
 *   `FastifyPluginAsync<{ deps: AppDeps }>`: the routes, their zod schemas (shared with the
 *   client from `@photo/core/api/schemas/*`), and `app.authenticate` on `onRequest` unless
 *   the API is public;
 * - `<module>-repository.ts` (one per table group if the module is large) holding every
 *   query the module runs, as functions taking the database (or a transaction) first: route
 *   handlers call repository functions or services and build no query and open no
 *   transaction themselves; a service may run several repository functions in one
 *   transaction;
 * - presenters (row → API shape) and services (background jobs, files) beside them as needed;
 * - tests in `server/test/<module>/` (`server/test/modules/module-pattern.test.ts` checks the
 *   registration and where queries live);
 * - one line below.
 *
 * Not modules: `/oidc/*` (the sign-in provider), `/config.json` and `/locales/*` (the web
 * app's bootstrap files: static per deployment, no token, no data of the user, served with
 * the web app), `/api/docs`. They are infrastructure, registered in `app.ts`.
 */
export async function registerApiModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(storefrontModule, { prefix: '/api/storefront', deps });
  // Prefix /api: `/api/me/identity` and the identity API below `/api/identity`.
  await app.register(identityModule, { prefix: '/api', deps });
  await app.register(pushModule, { deps });
  await app.register(photoManagementModule, { prefix: '/api/photo', deps });
  // Resumable uploads, the duplicate check and upload records; ingests through photo management.
  await app.register(storageModule, { prefix: '/api/storage', deps });
  await app.register(customerModule, { prefix: '/api/customer', deps });
  // Anonymous: newsletter double opt-in.
  await app.register(emailGatewayModule, { prefix: '/api/email-gateway', deps });
  // Orders, projects, invoices, products, delivery, reorder, widgets, voucher, merchandise: one
  // module per base URL of /config.json.
  await app.register(ordersModule, { prefix: '/api/orders', deps });
  await app.register(projectsModule, { prefix: '/api/projects', deps });
  await app.register(invoicesModule, { prefix: '/api/invoices', deps });
  await app.register(productsModule, { prefix: '/api/products', deps });
  await app.register(deliveryModule, { prefix: '/api/delivery', deps });
  await app.register(reorderModule, { prefix: '/api/reorder', deps });
  await app.register(widgetsModule, { prefix: '/api/widgets', deps });
  await app.register(vouchersModule, { prefix: '/api/voucher', deps });
  await app.register(merchandiseModule, { prefix: '/api/merchandise', deps });
  // Error and CSP reports (no token), analytics events and the A/B test (docs/product.md,
  // "Page furniture").
  await app.register(reportsModule, { prefix: '/api/reports', deps });
  await app.register(analyticsModule, { prefix: '/api/analytics', deps });
  await app.register(experimentsModule, { prefix: '/api/experiments', deps });
  // The reference chat and feedback widgets' scripts and the feedback they send.
  await app.register(supportWidgetsModule, { prefix: '/api/support-widgets', deps });
}
