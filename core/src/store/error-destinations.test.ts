import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  scrubbedReport,
  sentryErrorDestination,
  serverErrorDestination,
} from './error-destinations';
import { addErrorReporter, reportError } from './error-reporter';

afterEach(() => vi.restoreAllMocks());

const report = {
  action: 'photos/upload/rejected',
  message: 'Upload of beach.jpg for ann@example.com failed (Bearer secret.token.value)',
  correlationId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
};

describe('scrubbedReport', () => {
  it('keeps the correlation id and drops tokens, e-mail addresses, file names and ids', () => {
    const body = scrubbedReport(report, { pathname: '/my-photos/albums/42' });
    expect(body).toMatchObject({
      action: 'photos/upload/rejected',
      correlationId: report.correlationId,
      path: '/my-photos/albums/:id',
    });
    expect(body.message).not.toMatch(/beach|ann@|secret/);
  });
});

describe('serverErrorDestination', () => {
  it('posts each scrubbed report with its correlation id, at most 20 a minute', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    const remove = addErrorReporter(serverErrorDestination('/api/reports/', fetchMock));
    try {
      reportError(report);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/api/reports/errors');
      expect(init.keepalive).toBe(true);
      expect((init.headers as Record<string, string>)['X-CorrelationId']).toBe(
        report.correlationId,
      );
      const body = JSON.parse(init.body as string);
      expect(body.correlationId).toBe(report.correlationId);
      expect(init.body).not.toMatch(/beach|ann@|secret/);
      for (let i = 0; i < 30; i += 1) reportError(report);
      expect(fetchMock).toHaveBeenCalledTimes(20);
    } finally {
      remove();
    }
  });
});

describe('sentryErrorDestination', () => {
  it('loads Sentry, keeps reports made meanwhile, and scrubs its events too', async () => {
    const captureMessage = vi.fn();
    const init = vi.fn();
    let resolve!: (module: never) => void;
    const loaded = new Promise<never>((r) => (resolve = r));
    const destination = sentryErrorDestination('https://key@sentry.example/1', () => loaded);
    destination(report);
    expect(captureMessage).not.toHaveBeenCalled();
    resolve({ init, captureMessage } as never);
    await loaded;
    await Promise.resolve();
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({ dsn: 'https://key@sentry.example/1' }),
    );
    expect(captureMessage).toHaveBeenCalledTimes(1);
    const [message, context] = captureMessage.mock.calls[0]!;
    expect(message).not.toMatch(/beach|ann@|secret/);
    expect(context.tags).toMatchObject({ correlationId: report.correlationId });

    const { beforeSend } = init.mock.calls[0]![0];
    const event = beforeSend({
      message: 'for ann@example.com',
      exception: { values: [{ value: 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln' }] },
      user: { email: 'ann@example.com' },
    });
    expect(JSON.stringify(event)).not.toMatch(/ann@|eyJhbGci/);
    expect(event.user).toBeUndefined();

    destination(report);
    expect(captureMessage).toHaveBeenCalledTimes(2);
  });
});
