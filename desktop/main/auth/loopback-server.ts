/**
 * The loopback redirect receiver of a native OAuth client (RFC 8252 §7.3, after
 * VS Code's `authServer.ts`): listens on 127.0.0.1 on a port the OS picks, accepts one
 * redirect to `/callback` whose `state` matches, shows a friendly page and closes at once.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackPages {
  /** Shown after a successful redirect. */
  success: string;
  /** Shown when the redirect carries an error or a wrong state. */
  failure: string;
}

export const DEFAULT_PAGES: LoopbackPages = {
  success: 'You are signed in. You can close this tab and return to the app.',
  failure: 'Sign-in did not complete. Please close this tab and try again from the app.',
};

export interface LoopbackServer {
  /** `http://127.0.0.1:{port}/callback`: the redirect_uri to register in the request. */
  redirectUri: string;
  /** Resolves with the full callback URL (code and state) or rejects (error, state, timeout). */
  result: Promise<URL>;
  /** Stops waiting and closes the server (idempotent). */
  close(): void;
}

export class LoopbackError extends Error {
  override name = 'LoopbackError';
}

function page(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${escaped}</title>` +
    `<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;height:100vh;margin:0}</style>` +
    `</head><body><p>${escaped}</p></body></html>`
  );
}

export async function startLoopbackServer(options: {
  expectedState: string;
  timeoutMs?: number;
  pages?: LoopbackPages;
}): Promise<LoopbackServer> {
  const pages = options.pages ?? DEFAULT_PAGES;
  let settle!: { resolve: (url: URL) => void; reject: (error: Error) => void };
  const result = new Promise<URL>((resolve, reject) => {
    settle = { resolve, reject };
  });
  let finished = false;

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const respond = (status: number, text: string) => {
      response.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        connection: 'close',
      });
      response.end(page(text));
    };
    if (request.method !== 'GET' || url.pathname !== '/callback' || finished) {
      respond(404, pages.failure);
      return;
    }
    const state = url.searchParams.get('state');
    const error = url.searchParams.get('error');
    if (state !== options.expectedState) {
      respond(400, pages.failure);
      finish(new LoopbackError('State does not match'));
    } else if (error) {
      respond(400, pages.failure);
      const description = url.searchParams.get('error_description');
      finish(new LoopbackError(description ? `${error}: ${description}` : error));
    } else if (!url.searchParams.get('code')) {
      respond(400, pages.failure);
      finish(new LoopbackError('The redirect carries no authorization code'));
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
    () => finish(new LoopbackError('Sign-in timed out')),
    options.timeoutMs ?? 5 * 60_000,
  );
  timer.unref();

  return {
    redirectUri,
    result,
    close: () => finish(new LoopbackError('Sign-in cancelled')),
  };
}
