import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { developmentPage } from '../../mail/mailbox-routes.ts';
import { escapeHtml } from '../../http/escape-html.ts';
import { listAnalyticsEvents } from '../analytics/analytics-repository.ts';
import { listCspReports, listErrorReports } from './reports-repository.ts';

const listQuery = z.object({
  host: z
    .string()
    .max(255)
    .regex(/^[a-z0-9.-]+$/i)
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const errorReportRow = z.object({
  id: z.string(),
  host: z.string(),
  message: z.string(),
  action: z.string(),
  correlationId: z.string().nullable(),
  path: z.string().nullable(),
  userAgent: z.string().nullable(),
  receivedAt: z.string(),
});
const cspReportRow = z.object({
  id: z.string(),
  host: z.string(),
  documentPath: z.string().nullable(),
  directive: z.string().nullable(),
  blocked: z.string().nullable(),
  disposition: z.string().nullable(),
  receivedAt: z.string(),
});
const analyticsEventRow = z.object({
  id: z.string(),
  userId: z.string(),
  host: z.string(),
  kind: z.string(),
  name: z.string(),
  variant: z.string().nullable(),
  occurredAt: z.string(),
  receivedAt: z.string(),
});

function table(headings: string[], rows: (string | null)[][]): string {
  if (rows.length === 0) return '<p>None yet.</p>';
  const head = headings.map((heading) => `<th scope="col">${escapeHtml(heading)}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell ?? '')}</td>`).join('')}</tr>`)
    .join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

function page(title: string, json: string, sections: string): { html: string; csp: string } {
  return developmentPage({
    title,
    style: `body { margin: 0; padding: 16px; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1b1e; background: #f4f5f7; }
main { max-width: 1200px; margin: 0 auto; }
table { border-collapse: collapse; width: 100%; background: #fff; font-size: .85rem; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #dee2e6; vertical-align: top; overflow-wrap: anywhere; }
a { color: #0b5cad; } a:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }
`,
    body: `<h1>${escapeHtml(title)}</h1>
<p>Newest first. <a href="${json}">JSON</a></p>
${sections}`,
  });
}

/**
 * `/dev/reports` and `/dev/analytics` (HTML) with `/dev/reports.json` and `/dev/analytics.json`
 * (for tests): what the reports and analytics modules stored. Registered in development mode
 * only; in production the mailbox's `/dev/*` answers 404 for them too.
 */
export const devReportsRoutes: FastifyPluginAsync<{ db: Db }> = async (root, { db }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/dev/reports.json',
    {
      schema: {
        tags: ['development'],
        summary: 'Stored error and CSP reports, newest first',
        querystring: listQuery,
        response: {
          200: z.object({ errors: z.array(errorReportRow), csp: z.array(cspReportRow) }),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const [errors, csp] = await Promise.all([
        listErrorReports(db, request.query),
        listCspReports(db, request.query),
      ]);
      return { errors, csp };
    },
  );

  app.get(
    '/dev/reports',
    { schema: { hide: true, querystring: listQuery } },
    async (request, reply) => {
      const [errors, csp] = await Promise.all([
        listErrorReports(db, request.query),
        listCspReports(db, request.query),
      ]);
      const { html, csp: policy } = page(
        'Error reports',
        '/dev/reports.json',
        `<h2>Errors</h2>${table(
          ['Received', 'Host', 'Path', 'Action', 'Message', 'Correlation id', 'User agent'],
          errors.map((r) => [
            r.receivedAt,
            r.host,
            r.path,
            r.action,
            r.message,
            r.correlationId,
            r.userAgent,
          ]),
        )}<h2>Content Security Policy</h2>${table(
          ['Received', 'Host', 'Page', 'Directive', 'Blocked', 'Disposition'],
          csp.map((r) => [
            r.receivedAt,
            r.host,
            r.documentPath,
            r.directive,
            r.blocked,
            r.disposition,
          ]),
        )}`,
      );
      return reply
        .header('Content-Security-Policy', policy)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );

  app.get(
    '/dev/analytics.json',
    {
      schema: {
        tags: ['development'],
        summary: 'Stored analytics events, newest first',
        querystring: listQuery,
        response: { 200: z.object({ events: z.array(analyticsEventRow) }) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { events: await listAnalyticsEvents(db, request.query) };
    },
  );

  app.get(
    '/dev/analytics',
    { schema: { hide: true, querystring: listQuery } },
    async (request, reply) => {
      const events = await listAnalyticsEvents(db, request.query);
      const { html, csp } = page(
        'Analytics events',
        '/dev/analytics.json',
        table(
          ['Received', 'Occurred', 'Host', 'Account', 'Kind', 'Name or path', 'sample-test'],
          events.map((e) => [
            e.receivedAt,
            e.occurredAt,
            e.host,
            e.userId,
            e.kind,
            e.name,
            e.variant,
          ]),
        ),
      );
      return reply
        .header('Content-Security-Policy', csp)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );
};
