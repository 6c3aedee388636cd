import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BrandHost, ClientConfig } from '@photo/core/api/schemas/config';
import { withScriptHashes } from '@photo/core/api/schemas/security-policy';
import { DEFAULT_HOST, findBrandHost } from '../config/brand-hosts.ts';
import { notFoundBody } from './error-handler.ts';

/** Paths the server answers itself: never the SPA's index.html. */
const SERVER_PREFIXES = ['/api/', '/oidc/', '/push', '/config.json', '/locales/'];

function isServerPath(path: string): boolean {
  return (
    path === '/api' || path === '/oidc' || SERVER_PREFIXES.some((prefix) => path.startsWith(prefix))
  );
}

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Web app not built</title></head>
<body><main><h1>The web app is not built yet</h1>
<p>Run <code>npm run build:web</code> in the repository root (or start with <code>npm start</code>, which builds it), then reload this page.</p>
</main></body></html>`;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * What the web build lists per address pattern in `route-preloads.json` (web/route-preloads.ts):
 * a pattern is a path whose `:name` segments stand for any one segment.
 */
export interface RoutePreload {
  scripts: string[];
  styles: string[];
}

/**
 * The preloads of the pattern `pathname` matches (no trailing slash): the exact path first,
 * else the pattern with the fewest `:name` segments (`/my-photos/albums` before
 * `/my-photos/:x`), else none.
 */
export function routePreloadFor(
  preloads: Record<string, RoutePreload>,
  pathname: string,
): RoutePreload | undefined {
  if (Object.hasOwn(preloads, pathname)) return preloads[pathname];
  const segments = pathname.split('/');
  let best: { preload: RoutePreload; params: number } | undefined;
  for (const [pattern, preload] of Object.entries(preloads)) {
    const parts = pattern.split('/');
    if (parts.length !== segments.length) continue;
    let params = 0;
    const matches = parts.every((part, index) => {
      if (!part.startsWith(':')) return part === segments[index];
      params += 1;
      return segments[index] !== '';
    });
    if (matches && (!best || params < best.params)) best = { preload, params };
  }
  return best?.preload;
}

/** Only the build's own asset paths go into a link (the file is ours, but it is read from disk). */
const ASSET_PATH = /^\/assets\/[\w.-]+\.(js|css)$/;

/**
 * JSON inside a `<script type="application/json">` data block: `<` is escaped, so no value can
 * close the element (`</script>`) or open a comment; U+2028/9 are escaped for old parsers.
 */
export function jsonForScriptBlock(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The web build's boot script, inline in index.html (web/vite.config.ts, "boot-path"): it runs
 * as the parser reaches it, so its requests start with the page instead of after the module
 * scripts. The build makes sure its text holds no `</script` (or `<!--`), so the first
 * `</script>` ends it, for this pattern as for the browser.
 */
const BOOT_SCRIPT = /<script id="boot-script">([\s\S]*?)<\/script>/;

/**
 * The Content-Security-Policy source that allows the page's inline boot script (its sha256), or
 * null when the page has none. Cached for the last page seen: index.html is read per request but
 * changes only with a build.
 */
let lastBootHash: { script: string; source: string } | null = null;
export function bootScriptHash(html: string): string | null {
  const script = BOOT_SCRIPT.exec(html)?.[1];
  if (script === undefined) return null;
  if (lastBootHash?.script !== script)
    lastBootHash = {
      script,
      source: `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
    };
  return lastBootHash.source;
}

/**
 * The client config as a JSON data block (a data block never runs) for the boot script to read:
 * right before the inline boot script, so it is in the document when that runs; before
 * `</head>` when the page has none (an older build).
 */
export function withClientConfig(html: string, clientConfig: ClientConfig | undefined): string {
  if (!clientConfig) return html;
  const block = `<script type="application/json" id="client-config">${jsonForScriptBlock(clientConfig)}</script>`;
  return BOOT_SCRIPT.test(html)
    ? html.replace(BOOT_SCRIPT, (script) => `${block}\n    ${script}`)
    : html.replace(/<\/head>/i, () => `  ${block}\n  </head>`);
}

/**
 * What else the first paint needs, carried by the page itself (docs/architecture.md "Boot"):
 * preload links for the page chunks and styles of the path asked for, so they download beside
 * the entry.
 */
export function bootHints(preload: RoutePreload | undefined) {
  const lines: string[] = [];
  // At the default priority: since the boot script is inline its data is asked for with the
  // HTML anyway, and at low priority the route's chunks waited behind all of it and the page
  // mounted last (core/src/features/photo-library/README.md, "First paint").
  for (const href of preload?.scripts ?? [])
    if (ASSET_PATH.test(href))
      lines.push(`<link rel="modulepreload" crossorigin href="${href}" />`);
  for (const href of preload?.styles ?? [])
    // crossorigin as on the stylesheet link Vite adds when the chunk loads: else it is a
    // different request and the style is downloaded twice.
    if (ASSET_PATH.test(href))
      lines.push(`<link rel="preload" as="style" crossorigin href="${href}" />`);
  return lines.join('\n    ');
}

/** The brand of a Host header (port ignored); an unknown host gets the default host's brand. */
export function brandForHost(host: string | undefined): BrandHost {
  return findBrandHost(host ?? '') ?? findBrandHost(DEFAULT_HOST)!;
}

/**
 * `index.html` as the host's brand wants it before any script runs (docs/product.md#brands):
 * the document language and brand class, the theme colour, the title with the brand's label
 * (none for the default brand), and NOINDEX on every page but the home path of a production
 * host, which gets its canonical link instead. The favicon link stays `/favicon.ico`, which
 * answers with the host's brand-class icon. The app keeps all of it right as it navigates.
 */
export function brandedIndexHtml(
  html: string,
  brand: BrandHost,
  pathname: string,
  hints = '',
): string {
  const canonical =
    brand.production && (pathname === '/' || pathname === '')
      ? `${brand.canonicalOrigin.replace(/\/+$/, '')}/`
      : null;
  return html
    .replace(/<\/head>/i, () => (hints ? `  ${hints}\n  </head>` : '</head>'))
    .replace(
      /<html\b[^>]*>/i,
      `<html lang="${escapeHtml(brand.locale)}" data-brand-class="${escapeHtml(brand.brandClass)}">`,
    )
    .replace(
      /<meta\s+name="theme-color"[^>]*>/i,
      `<meta name="theme-color" content="${escapeHtml(brand.themeColor)}" />`,
    )
    .replace(/<meta\s+name="robots"[^>]*>/i, () =>
      canonical
        ? `<link rel="canonical" href="${escapeHtml(canonical)}" />`
        : '<meta name="robots" content="noindex" />',
    )
    .replace(/<title>([^<]*)<\/title>/i, (_match, title: string) =>
      brand.brandLabel
        ? `<title>${title.trim()} | ${escapeHtml(brand.brandLabel)}</title>`
        : `<title>${title}</title>`,
    );
}

/**
 * The built web app (`web/dist`) with SPA fallback: any GET that is not a server path and not
 * a missing file gets `index.html`, so deep links like `/my-photos/albums/…` load the app.
 * Hashed assets are cached for a year, sent precompressed when the build made copies;
 * `index.html` is always revalidated.
 * Registers the app's not-found handler, so it must run last (after every route).
 */
export async function webApp(
  app: FastifyInstance,
  { webRoot, clientConfig }: { webRoot: string; clientConfig?: ClientConfig },
): Promise<void> {
  const indexFile = join(webRoot, 'index.html');
  const preloadFile = join(webRoot, 'route-preloads.json');
  const readPreloads = async (): Promise<Record<string, RoutePreload>> => {
    try {
      return JSON.parse(await readFile(preloadFile, 'utf8')) as Record<string, RoutePreload>;
    } catch {
      return {}; // an older build, or none: the page works without the hints
    }
  };
  if (existsSync(webRoot)) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: true,
      // The build writes .br and .gz copies of scripts and styles (web/vite.config.ts): sent as
      // they are, never compressed again per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    let html: string;
    let preloads: Record<string, RoutePreload>;
    try {
      // Read per request: a rebuild while the server runs is served at once.
      [html, preloads] = await Promise.all([readFile(indexFile, 'utf8'), readPreloads()]);
    } catch {
      return reply
        .code(503)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(MISSING_BUILD_PAGE);
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const hints = bootHints(routePreloadFor(preloads, route));
    // The boot script is the page's one inline script: the policy allows it by its hash.
    const bootHash = bootScriptHash(html);
    const policy = reply.raw.getHeader('Content-Security-Policy');
    if (bootHash && typeof policy === 'string')
      reply.raw.setHeader('Content-Security-Policy', withScriptHashes(policy, [bootHash]));
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Host')
      .type('text/html; charset=utf-8')
      .send(
        brandedIndexHtml(
          withClientConfig(html, clientConfig),
          brandForHost(request.host),
          pathname,
          hints,
        ),
      );
  };

  // The static plugin would answer the root directory itself with 403 (no directory index).
  app.get('/', { schema: { hide: true } }, sendIndex);

  // Every page of the origin asks for it, the sign-in provider's pages too: the icon of the
  // host's brand class (docs/product.md#brands), a day in caches.
  app.get('/favicon.ico', { schema: { hide: true } }, async (request, reply) => {
    const icon = join('favicons', `${brandForHost(request.host).brandClass}.ico`);
    if (!existsSync(join(webRoot, icon))) {
      return reply.code(404).send(notFoundBody(request.method, request.url));
    }
    return reply
      .header('Cache-Control', 'public, max-age=86400')
      .header('Vary', 'Host')
      .sendFile(icon, webRoot, { cacheControl: false });
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const lastSegment = path.slice(path.lastIndexOf('/') + 1);
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(lastSegment);
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isServerPath(path) &&
      !looksLikeFile
    ) {
      return sendIndex(request, reply);
    }
    return reply.code(404).send(notFoundBody(request.method, request.url));
  });
}

// Like fastify-plugin: run in the parent's scope, so the not-found handler is the app's own.
Object.assign(webApp, { [Symbol.for('skip-override')]: true });
