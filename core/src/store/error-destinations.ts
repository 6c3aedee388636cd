import type * as SentryReact from '@sentry/react';
import type { ClientConfig } from '../api/schemas/config';
import type { ErrorReportBody } from '../api/schemas/observability';
import { pathWithPlaceholders, scrubReportText } from '../api/schemas/report-scrub';
import { createCorrelationId } from '../api/request';
import { addErrorReporter } from './error-reporter';
import type { ErrorReport } from './error-reporter';

/**
 * Where error reports go besides the console (docs/product.md, "Page furniture"): Sentry when
 * the configuration has a DSN (loaded only then), otherwise the reference server's report
 * endpoint. Nothing leaves the page unscrubbed: tokens, e-mail addresses and photo file names
 * are removed first, and the page's path goes without its ids.
 */

/** A report as it may leave the page. */
export function scrubbedReport(
  report: ErrorReport,
  location?: { pathname: string },
): ErrorReportBody {
  const body: ErrorReportBody = {
    message: scrubReportText(report.message).slice(0, 2000) || 'Unknown error',
    action: scrubReportText(report.action).slice(0, 200) || 'unknown',
  };
  if (report.correlationId && /^[A-Za-z0-9._:-]{1,100}$/.test(report.correlationId))
    body.correlationId = report.correlationId;
  if (location) body.path = pathWithPlaceholders(location.pathname).slice(0, 500);
  const agent = globalThis.navigator?.userAgent;
  if (agent) body.userAgent = agent.slice(0, 500);
  return body;
}

/** At most this many reports a minute leave one page: a failing loop must not flood anyone. */
const REPORTS_PER_MINUTE = 20;

function limiter(now: () => number = Date.now) {
  const sent: number[] = [];
  return () => {
    const time = now();
    while (sent.length && time - sent[0]! > 60_000) sent.shift();
    if (sent.length >= REPORTS_PER_MINUTE) return false;
    sent.push(time);
    return true;
  };
}

/** Sends each report to `POST {ReportsApiUrl}/errors` (the reference server stores it per host). */
export function serverErrorDestination(
  reportsUrl: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): (report: ErrorReport) => void {
  const allowed = limiter();
  const url = `${reportsUrl.replace(/\/$/, '')}/errors`;
  return (report) => {
    if (!allowed()) return;
    const body = scrubbedReport(report, globalThis.location);
    void fetchImpl(url, {
      method: 'POST',
      // keepalive: a report made as the page goes away still arrives.
      keepalive: true,
      headers: {
        'Content-Type': 'application/json',
        'X-CorrelationId': body.correlationId ?? createCorrelationId(),
      },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  };
}

type SentryModule = Pick<typeof SentryReact, 'init' | 'captureMessage'>;

/**
 * Sentry, imported only when a DSN is configured (its code stays out of every other visit).
 * Reports made while it loads are kept and sent once it is ready. Sentry's own events are
 * scrubbed too (`beforeSend`), and it collects no personal data and no breadcrumbs.
 */
export function sentryErrorDestination(
  dsn: string,
  load: () => Promise<SentryModule> = () => import('@sentry/react'),
): (report: ErrorReport) => void {
  const allowed = limiter();
  let sentry: SentryModule | null = null;
  const waiting: ErrorReportBody[] = [];
  const send = (body: ErrorReportBody) =>
    sentry?.captureMessage(body.message, {
      level: 'error',
      tags: { action: body.action, correlationId: body.correlationId ?? 'none' },
      extra: { path: body.path },
    });
  void load()
    .then((module) => {
      module.init({
        dsn,
        defaultIntegrations: false,
        maxBreadcrumbs: 0,
        beforeSend(event) {
          if (event.message) event.message = scrubReportText(event.message);
          for (const exception of event.exception?.values ?? [])
            if (exception.value) exception.value = scrubReportText(exception.value);
          if (event.request?.url) event.request.url = pathWithPlaceholders(event.request.url);
          delete event.user;
          return event;
        },
      });
      sentry = module;
      for (const body of waiting.splice(0)) send(body);
    })
    .catch((error: unknown) => console.warn('Sentry could not be loaded', error));
  return (report) => {
    if (!allowed()) return;
    const body = scrubbedReport(report, globalThis.location);
    if (sentry) send(body);
    else if (waiting.length < REPORTS_PER_MINUTE) waiting.push(body);
  };
}

/** Adds the configured destination; the console gets every report anyway. */
export function installErrorReporting(config: ClientConfig): () => void {
  if (config.SentryDsn) return addErrorReporter(sentryErrorDestination(config.SentryDsn));
  if (config.ReportsApiUrl) return addErrorReporter(serverErrorDestination(config.ReportsApiUrl));
  return () => undefined;
}
