import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsBatchSchema,
  SAMPLE_TEST,
  sampleTestVariants,
} from '@photo/core/api/schemas/observability';
import { pathWithPlaceholders } from '@photo/core/api/schemas/report-scrub';
import type { AppDeps } from '../../app-deps.ts';
import { FixedWindowLimit, windowCounterFor } from '../../http/fixed-window-limit.ts';
import { assignedVariant } from '../experiments/experiments-repository.ts';
import { reportHost } from '../reports/report-host.ts';
import { insertAnalyticsEvents } from './analytics-repository.ts';

/** Fifty small events; a page-hide batch sent with `keepalive` must stay under 64 KB anyway. */
const ANALYTICS_BODY_LIMIT = 32 * 1024;
/** Per account, per minute: the app sends a batch every few seconds at most. */
const BATCHES_PER_MINUTE = 60;

/**
 * Analytics events of the app (docs/product.md, "Page furniture"): counters named
 * `PhotoManagement.<Event>` and page views, sent in small batches only after the customer allowed
 * analytics. Recorded per account and brand host with the account's A/B variant, so every event
 * carries it. Listed in development at `/dev/analytics`.
 */
export const analyticsModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const limit = new FixedWindowLimit(
    windowCounterFor(deps),
    'analytics',
    BATCHES_PER_MINUTE,
    60_000,
  );

  app.post(
    '/events',
    {
      bodyLimit: ANALYTICS_BODY_LIMIT,
      schema: {
        tags: ['analytics'],
        security: [{ bearerAuth: [] }],
        summary: 'Record a batch of analytics events (counters and page views; 204)',
        body: analyticsBatchSchema,
      },
    },
    async (request, reply) => {
      await limit.take(request.user.id);
      const host = reportHost(request);
      const variant = await assignedVariant(
        deps.db,
        request.user.id,
        SAMPLE_TEST,
        sampleTestVariants,
      );
      await insertAnalyticsEvents(
        deps.db,
        request.body.events.map((event) => ({
          userId: request.user.id,
          host,
          kind: event.kind,
          // Page views are kept without ids, whatever the sender did.
          name: event.kind === 'counter' ? event.name : pathWithPlaceholders(event.path),
          variant,
          occurredAt: event.at,
        })),
      );
      return reply.code(204).send();
    },
  );
};
