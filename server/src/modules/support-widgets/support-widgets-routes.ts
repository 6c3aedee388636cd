import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  feedbackLocaleSchema,
  feedbackSubmissionSchema,
  storedFeedbackSchema,
} from '@photo/core/api/schemas/support-widgets';
import type { StoredFeedback } from '@photo/core/api/schemas/support-widgets';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { HttpError } from '../../http/http-error.ts';

const scriptsDir = join(import.meta.dirname, 'scripts');
const chatScript = readFileSync(join(scriptsDir, 'chat.js'), 'utf8');
const feedbackTemplate = readFileSync(join(scriptsDir, 'feedback.js'), 'utf8');

/** Feedback kept in memory: the reference server stands in for the vendor's inbox. */
const MAX_KEPT = 500;

/**
 * The reference chat and feedback widgets (docs/product.md "Page furniture"), mounted at
 * `/api/support-widgets`: `GET /chat.js`, `GET /feedback/<locale>.js` (one script per feedback
 * locale), `POST /feedback` (what the feedback form sends, validated) and, outside production,
 * `GET /feedback` (what was received, for tests).
 */
export const supportWidgetsModule: FastifyPluginAsync<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const received: StoredFeedback[] = [];

  routes.get('/chat.js', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return reply.type('text/javascript; charset=utf-8').send(chatScript);
  });

  routes.get(
    '/feedback/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(20) }) } },
    async (request, reply) => {
      const locale = feedbackLocaleSchema.safeParse(request.params.file.replace(/\.js$/, ''));
      if (!locale.success || !request.params.file.endsWith('.js'))
        throw new HttpError(404, 'No feedback widget for that locale', 'params.file');
      reply.header('Cache-Control', 'public, max-age=300');
      return reply
        .type('text/javascript; charset=utf-8')
        .send(feedbackTemplate.replace("'__LOCALE__'", JSON.stringify(locale.data)));
    },
  );

  routes.post(
    '/feedback',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['support-widgets'],
        summary: 'Feedback sent from the feedback widget',
        body: feedbackSubmissionSchema,
        response: { 201: z.object({ id: z.string() }) },
      },
    },
    async (request, reply) => {
      const feedback: StoredFeedback = {
        id: randomUUID(),
        ...request.body,
        host: request.hostname,
        receivedAt: new Date().toISOString(),
      };
      received.push(feedback);
      if (received.length > MAX_KEPT) received.shift();
      return reply.code(201).send({ id: feedback.id });
    },
  );

  routes.get(
    '/feedback',
    {
      schema: {
        tags: ['support-widgets'],
        summary: 'Feedback received (development mode only, for tests)',
        response: { 200: z.array(storedFeedbackSchema) },
      },
    },
    async () => {
      if (deps.config.appMode === 'production') throw new HttpError(404, 'Not found');
      return received;
    },
  );
};
