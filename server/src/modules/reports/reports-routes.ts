import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReportSchema } from '@photo/core/api/schemas/observability';
import { pathWithPlaceholders, scrubReportText } from '@photo/core/api/schemas/report-scrub';
import type { AppDeps } from '../../app-deps.ts';
import { FixedWindowLimit, windowCounterFor } from '../../http/fixed-window-limit.ts';
import { HttpError } from '../../http/http-error.ts';
import { reportHost } from './report-host.ts';
import { insertCspReports, insertErrorReport } from './reports-repository.ts';

const tags = ['reports'];
/** An error report is a message and a few short fields; a CSP report a handful of URLs. */
const ERROR_BODY_LIMIT = 16 * 1024;
const CSP_BODY_LIMIT = 64 * 1024;
/**
 * Per client address and host, per minute: far above what one page sends (20), so many
 * customers behind one address still get through; the store keeps 1,000 per host anyway.
 */
export const REPORTS_PER_MINUTE = 300;

const cspLevel2 = z.object({
  'csp-report': z.looseObject({
    'document-uri': z.string().max(4000).optional(),
    'violated-directive': z.string().max(1000).optional(),
    'effective-directive': z.string().max(1000).optional(),
    'blocked-uri': z.string().max(4000).optional(),
    disposition: z.string().max(100).optional(),
  }),
});
const reportingApi = z
  .array(
    z.looseObject({
      type: z.string().max(100),
      body: z
        .looseObject({
          documentURL: z.string().max(4000).optional(),
          effectiveDirective: z.string().max(1000).optional(),
          blockedURL: z.string().max(4000).optional(),
          disposition: z.string().max(100).optional(),
        })
        .optional(),
    }),
  )
  .max(100);

/** A blocked URL as far as a report needs it: its origin, or the keyword (`inline`, `eval`). */
function blockedSource(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.origin === 'null' ? url.protocol : url.origin;
  } catch {
    return scrubReportText(value).slice(0, 200);
  }
}

function documentPath(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return pathWithPlaceholders(new URL(value).pathname).slice(0, 500);
  } catch {
    return null;
  }
}

const text = (value: string | undefined, max: number) =>
  value === undefined ? null : scrubReportText(value).slice(0, max);

/**
 * Error reports from the app and CSP violation reports from the browser (docs/product.md, "Page
 * furniture"). No token: errors happen before and during sign-in too. Stored per brand host and
 * time, scrubbed again here of tokens, e-mail addresses and photo file names, whatever the
 * sender did; rate-limited per client address. Listed in development at `/dev/reports`.
 */
export const reportsModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const limit = new FixedWindowLimit(windowCounterFor(deps), 'reports', REPORTS_PER_MINUTE, 60_000);

  // The browser posts CSP reports with these types; their bodies are JSON.
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: CSP_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, 'The request body is not valid JSON', 'body'));
      }
    },
  );

  app.post(
    '/errors',
    {
      bodyLimit: ERROR_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Store an error report of the app (204)',
        body: errorReportSchema,
      },
    },
    async (request, reply) => {
      const host = reportHost(request);
      await limit.take(`${request.ip} ${host}`);
      const body = request.body;
      await insertErrorReport(deps.db, {
        host,
        message: scrubReportText(body.message),
        action: scrubReportText(body.action),
        correlationId: body.correlationId ?? null,
        path: body.path ? pathWithPlaceholders(scrubReportText(body.path)) : null,
        userAgent: text(body.userAgent, 500),
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/csp',
    {
      bodyLimit: CSP_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Store CSP violation reports (application/csp-report or application/reports+json; 204)',
      },
    },
    async (request, reply) => {
      const host = reportHost(request);
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== 'application/csp-report' && type !== 'application/reports+json')
        throw new HttpError(
          415,
          'Send application/csp-report or application/reports+json',
          'headers.content-type',
        );
      await limit.take(`${request.ip} ${host}`);
      if (type === 'application/csp-report') {
        const parsed = cspLevel2.safeParse(request.body);
        if (!parsed.success)
          throw new HttpError(
            400,
            'Not a CSP report',
            `body.${parsed.error.issues[0]?.path.join('.')}`,
          );
        const report = parsed.data['csp-report'];
        await insertCspReports(deps.db, [
          {
            host,
            documentPath: documentPath(report['document-uri']),
            directive: text(report['effective-directive'] ?? report['violated-directive'], 200),
            blocked: blockedSource(report['blocked-uri']),
            disposition: text(report.disposition, 20),
          },
        ]);
      } else {
        const parsed = reportingApi.safeParse(request.body);
        if (!parsed.success)
          throw new HttpError(
            400,
            'Not a list of reports',
            `body.${parsed.error.issues[0]?.path.join('.')}`,
          );
        await insertCspReports(
          deps.db,
          parsed.data
            .filter((report) => report.type === 'csp-violation' && report.body)
            .map(({ body }) => ({
              host,
              documentPath: documentPath(body!.documentURL),
              directive: text(body!.effectiveDirective, 200),
              blocked: blockedSource(body!.blockedURL),
              disposition: text(body!.disposition, 20),
            })),
        );
      }
      return reply.code(204).send();
    },
  );
};
