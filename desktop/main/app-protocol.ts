/**
 * Handler of the `app://photo/` scheme. It serves the built renderer from disk and forwards the
 * same-origin paths core expects (docs/product.md#apis: `/config.json` and `/locales/*` "on the same
 * origin", and the relative API base URLs of `/config.json`) to the reference server, so core
 * runs in the desktop window unchanged. Pure `Request → Response`, so vitest drives it.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { APP_HOST, APP_SCHEME } from './app-origin';

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json',
};

/** Request headers worth forwarding to the server; cookies and the app origin are not. */
const FORWARDED_HEADERS = [
  'accept',
  'accept-language',
  'authorization',
  'cache-control',
  'content-type',
  'x-correlationid',
  'if-none-match',
];

export function isProxiedPath(pathname: string): boolean {
  return (
    pathname === '/config.json' || pathname.startsWith('/locales/') || pathname.startsWith('/api/')
  );
}

/**
 * `/config.json` as the desktop renderer needs it, derived from the server's:
 * - the push websocket URL made absolute (server origin + the config's push path, ws/wss): a
 *   relative `/push` would resolve against `app://photo`, where no websocket can open;
 * - `DefaultHost` set to the host the app is configured for (or its redirect target), when the
 *   brand table lists it: the renderer's own host `photo` is no brand, so core falls back to the
 *   default host's brand, which is then the configured host's (its language, theme and flags).
 * Anything that is not the expected shape is passed on unchanged for core to reject.
 */
export function desktopClientConfig(
  config: unknown,
  { serverOrigin, brandHost }: { serverOrigin: string; brandHost: string },
): unknown {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return config;
  const result: Record<string, unknown> = { ...(config as Record<string, unknown>) };
  const push = result.PhotoManagementPushWebSocketUrl;
  if (typeof push === 'string' && push !== '') {
    try {
      const url = new URL(push, serverOrigin);
      if (url.protocol === 'http:') url.protocol = 'ws:';
      else if (url.protocol === 'https:') url.protocol = 'wss:';
      if (url.protocol === 'ws:' || url.protocol === 'wss:')
        result.PhotoManagementPushWebSocketUrl = url.href;
    } catch {
      // Not a URL: core's schema check reports it.
    }
  }
  const host = brandHost.toLowerCase();
  const redirects = result.Redirects;
  const redirected =
    typeof redirects === 'object' && redirects !== null
      ? Object.entries(redirects as Record<string, unknown>).find(
          ([from]) => from.toLowerCase() === host,
        )?.[1]
      : undefined;
  const wanted = typeof redirected === 'string' ? redirected.toLowerCase() : host;
  const brands = Array.isArray(result.Brands) ? (result.Brands as unknown[]) : [];
  const listed = brands.some(
    (brand) =>
      typeof brand === 'object' &&
      brand !== null &&
      String((brand as { host?: unknown }).host).toLowerCase() === wanted,
  );
  if (listed) result.DefaultHost = wanted;
  return result;
}

export interface AppProtocolOptions {
  rendererDir: string;
  serverOrigin: string;
  /** Host name the app is configured for (see {@link desktopClientConfig}). */
  brandHost: string;
  /** Content-Security-Policy sent with every HTML document. */
  contentSecurityPolicy: string | (() => Promise<string>);
  fetch?: typeof fetch;
}

export function createAppProtocolHandler(options: AppProtocolOptions) {
  const doFetch = options.fetch ?? fetch;
  const root = path.resolve(options.rendererDir);

  const notFound = () =>
    new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });

  async function serveFile(filePath: string): Promise<Response> {
    const body = await readFile(filePath);
    const type = MIME_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': type,
      'x-content-type-options': 'nosniff',
    };
    if (type.startsWith('text/html'))
      headers['content-security-policy'] =
        typeof options.contentSecurityPolicy === 'string'
          ? options.contentSecurityPolicy
          : await options.contentSecurityPolicy();
    return new Response(new Uint8Array(body), { status: 200, headers });
  }

  async function proxy(request: Request, url: URL): Promise<Response> {
    const target = new URL(url.pathname + url.search, options.serverOrigin);
    const headers = new Headers();
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const hasBody = !['GET', 'HEAD'].includes(request.method);
    const upstream = await doFetch(target, {
      method: request.method,
      headers,
      redirect: 'manual',
      ...(hasBody ? { body: request.body, duplex: 'half' } : {}),
    } as RequestInit);
    const responseHeaders = new Headers(upstream.headers);
    // The body is already decoded by fetch; the server's framing headers no longer apply.
    for (const name of ['content-encoding', 'content-length', 'transfer-encoding', 'set-cookie'])
      responseHeaders.delete(name);
    if (url.pathname === '/config.json' && upstream.ok) {
      const text = await upstream.text();
      let body = text;
      try {
        body = JSON.stringify(desktopClientConfig(JSON.parse(text), options));
      } catch {
        // Not JSON: core shows its config error page.
      }
      return new Response(body, { status: upstream.status, headers: responseHeaders });
    }
    return new Response(upstream.body, {
      status: upstream.status,
      statusText: upstream.statusText,
      headers: responseHeaders,
    });
  }

  return async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return notFound();
    if (isProxiedPath(url.pathname)) {
      try {
        return await proxy(request, url);
      } catch {
        return new Response(
          JSON.stringify({
            statusCode: 502,
            error: 'Bad Gateway',
            message: 'The server cannot be reached',
          }),
          {
            status: 502,
            headers: { 'content-type': 'application/json' },
          },
        );
      }
    }
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response(null, { status: 405 });

    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname);
    } catch {
      return notFound();
    }
    const filePath = path.resolve(root, `.${relative}`);
    // Never serve anything outside the renderer folder (`..`, encoded slashes, absolute paths).
    if (filePath !== root && !filePath.startsWith(root + path.sep)) return notFound();
    const info = await stat(filePath).catch(() => null);
    if (info?.isFile()) return serveFile(filePath);
    // Client-side routes (no file extension) get the SPA entry, like the web server's fallback.
    if (path.extname(relative) === '') return serveFile(path.join(root, 'index.html'));
    return notFound();
  };
}
