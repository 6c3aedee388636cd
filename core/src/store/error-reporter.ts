import { createListenerMiddleware, isRejected } from '@reduxjs/toolkit';

export interface ErrorReport {
  action: string;
  message: string;
  correlationId?: string;
}

type Reporter = (report: ErrorReport) => void;
const reporters = new Set<Reporter>();

/** Adds a destination for error reports (an error-reporting service, a test spy). */
export function addErrorReporter(reporter: Reporter): () => void {
  reporters.add(reporter);
  return () => reporters.delete(reporter);
}

/**
 * docs/product.md#messages: every rejected action goes to the error reporter with its correlation id, and to the
 * console. Aborted requests (a section scrolled past, a component unmounted) are not errors.
 */
export const errorReporter = createListenerMiddleware();
errorReporter.startListening({
  matcher: isRejected,
  effect: (action) => {
    const meta = action.meta as { aborted?: boolean; condition?: boolean } | undefined;
    if (meta?.aborted || meta?.condition) return;
    const payload = action.payload as { message?: string; correlationId?: string } | undefined;
    const report: ErrorReport = {
      action: action.type,
      message: payload?.message ?? action.error?.message ?? 'Unknown error',
      correlationId: payload?.correlationId,
    };
    console.error(`[${report.action}] ${report.message}`, report.correlationId ?? '');
    for (const reporter of reporters) reporter(report);
  },
});

/** Reports an error that is not a rejected action (e.g. 'Auth Error: …', docs/product.md#messages). */
export function reportError(report: ErrorReport): void {
  console.error(report.message, report.correlationId ?? '');
  for (const reporter of reporters) reporter(report);
}
