/**
 * The loopback redirect receiver of a native OAuth client (RFC 8252 §7.3, after
 * VS Code's `authServer.ts`): listens on 127.0.0.1 on a port the OS picks, accepts one
 * redirect to `/callback` whose `state` matches, shows a short page in the brand's language and
 * closes at once. Gives up after a timeout (default 5 minutes).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackPage {
  title: string;
  message: string;
}

export interface LoopbackPages {
  /** `lang` of the pages, e.g. `nl-NL`. */
  lang: string;
  /** Shown after a successful redirect: the app can be returned to. */
  success: LoopbackPage;
  /** Shown when the redirect carries an error, a wrong state or no code. */
  failure: LoopbackPage;
}

export const DEFAULT_TIMEOUT_MS = 5 * 60_000;

export interface LoopbackServer {
  /** `http://127.0.0.1:{port}/callback`: the redirect_uri to register in the request. */
  redirectUri: string;
  /** Resolves with the full callback URL (code and state) or rejects with a {@link LoopbackError}. */
  result: Promise<URL>;
  /** Stops waiting and closes the server (idempotent). */
  close(): void;
}

export type LoopbackFailure = 'timeout' | 'cancelled' | 'provider-error' | 'no-code';

export class LoopbackError extends Error {
  override name = 'LoopbackError';
  constructor(
    readonly reason: LoopbackFailure,
    message: string,
  ) {
    super(message);
  }
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function render(lang: string, page: LoopbackPage): string {
  return (
    `<!doctype html><html lang="${escape(lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escape(page.title)}</title>` +
    `<style>body{font:16px/1.5 system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;` +
    `color:#1a1b1e;background:#f4f5f7}main{max-width:420px;padding:32px;background:#fff;border-radius:12px}` +
    `h1{font-size:1.5rem;margin:0 0 12px}</style></head>` +
    `<body><main><h1>${escape(page.title)}</h1><p>${escape(page.message)}</p></main></body></html>`
  );
}

export async function startLoopbackServer(options: {
  expectedState: string;
  pages: LoopbackPages;
  timeoutMs?: number;
}): Promise<LoopbackServer> {
  const { pages } = options;
  let settle!: { resolve: (url: URL) => void; reject: (error: Error) => void };
  const result = new Promise<URL>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // Nobody may be listening yet when the user cancels at once.
  result.catch(() => {});
  let finished = false;

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const respond = (status: number, page: LoopbackPage) => {
      response.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        'referrer-policy': 'no-referrer',
        connection: 'close',
      });
      response.end(render(pages.lang, page));
    };
    if (request.method !== 'GET' || url.pathname !== '/callback' || finished) {
      respond(404, pages.failure);
      return;
    }
    // A redirect with another state is not ours (an old browser tab, or a page guessing the
    // port): refuse it and keep waiting for the real one.
    if (url.searchParams.get('state') !== options.expectedState) {
      respond(400, pages.failure);
      return;
    }
    const error = url.searchParams.get('error');
    if (error) {
      respond(400, pages.failure);
      const description = url.searchParams.get('error_description');
      finish(new LoopbackError('provider-error', description ? `${error}: ${description}` : error));
    } else if (!url.searchParams.get('code')) {
      respond(400, pages.failure);
      finish(new LoopbackError('no-code', 'The redirect carries no authorization code'));
    } else {
      respond(200, pages.success);
      finish(new URL(`${redirectUri}${url.search}`));
    }
  });

  function finish(outcome: URL | Error): void {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    // Stop accepting at once; the response just written still goes out.
    server.close();
    server.closeIdleConnections();
    if (outcome instanceof Error) settle.reject(outcome);
    else settle.resolve(outcome);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  const timer = setTimeout(
    () => finish(new LoopbackError('timeout', 'Sign-in timed out')),
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  );
  timer.unref();

  return {
    redirectUri,
    result,
    close: () => finish(new LoopbackError('cancelled', 'Sign-in cancelled')),
  };
}
