/**
 * The one Content-Security-Policy builder (docs/architecture.md "Security headers"): the
 * reference server sends it with the web app and every other answer, the desktop main process
 * with the renderer's documents, and the server-rendered pages (sign-in, mailbox) use its
 * nonce variant. Kept with the schemas because both the server and desktop/main may import it.
 */

/** Where the browser posts violation reports (the server's report store). */
export const CSP_REPORT_PATH = '/api/reports/csp';
/*
 * No `report-to`: where it is present Chrome ignores `report-uri` and sends reports through the
 * Reporting API, batched and up to a minute late, out of sight of the end-to-end suites' watcher
 * (e2e/fixtures/csp.ts), which needs each report as it happens (docs/architecture.md).
 */

/**
 * Config fields that are tables of brand hosts: where a customer navigates (storefront links,
 * canonical origins), never what the page loads, so they add no origin to the policy.
 */
const NAVIGATION_TABLES = new Set(['Brands', 'Redirects', 'FeatureFlagHosts']);

const POLICY_SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:']);

function originOf(value: string): string | null {
  // Only absolute URLs name another origin; relative base URLs are the page's own ('self').
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return null;
  const url = URL.parse(value);
  if (!url || !POLICY_SCHEMES.has(url.protocol) || !url.host) return null;
  return `${url.protocol}//${url.host}`;
}

/**
 * The origin of every absolute http(s)/ws(s) URL anywhere in `/config.json` (API groups, the
 * push socket, the sign-in issuer, consent, widget scripts …), found by value rather than by
 * field name, so a field added later is covered without touching the policy.
 */
export function clientConfigOrigins(config: unknown): string[] {
  const origins = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    if (typeof value === 'string') {
      const origin = originOf(value);
      if (origin) origins.add(origin);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (depth === 0 && NAVIGATION_TABLES.has(key)) continue;
        visit(item, depth + 1);
      }
    }
  };
  visit(config, 0);
  return [...origins];
}

export interface ContentSecurityPolicyOptions {
  /** Origins (or URLs) the page fetches from and shows images of, besides its own. */
  origins: readonly string[];
  /**
   * Origins whose scripts (and frames) may run: widget scripts on the web; default `origins`.
   * The desktop renderer passes none: it runs only its own bundle.
   */
  scriptOrigins?: readonly string[];
  /** Send violation reports to the server (`report-uri`); not on the desktop. */
  report?: boolean;
  /**
   * Allow compiling WebAssembly ('wasm-unsafe-eval'; default true): the web app hashes uploads
   * with hash-wasm. It allows no JavaScript eval. The desktop renderer hashes in main: false.
   */
  webAssembly?: boolean;
}

/** Splits URLs into http(s) origins and websocket origins; each http(s) one gets its ws twin. */
function normalise(values: readonly string[]): { web: string[]; sockets: string[] } {
  const web = new Set<string>();
  const sockets = new Set<string>();
  for (const value of values) {
    const origin = originOf(value);
    if (!origin) continue;
    if (origin.startsWith('http')) {
      web.add(origin);
      sockets.add(origin.replace(/^http/, 'ws'));
    } else sockets.add(origin);
  }
  return { web: [...web], sockets: [...sockets] };
}

const sources = (...parts: (string | readonly string[])[]) => parts.flat().join(' ');

/**
 * The policy of the app's documents (web and desktop renderer). Relaxations, each needed by the
 * app and nothing more (docs/architecture.md "Security headers"):
 * - style-src 'unsafe-inline': Mantine writes `style` attributes on most components and injects
 *   `<style>` tags for its CSS variables at run time; styles cannot run script.
 * - img-src data: blob:: inline SVG icons and previews of files chosen for upload.
 * - worker-src blob: / media-src blob:: workers bundled as object URLs, local media previews.
 * - script-src 'wasm-unsafe-eval': the upload hashing (hash-wasm) compiles WebAssembly; it
 *   allows no JavaScript eval.
 * No 'unsafe-inline' or 'unsafe-eval' for scripts: the one inline script of the built
 * index.html, the web boot script, is allowed by its hash (`withScriptHashes`) on the page that
 * carries it.
 */
export function buildContentSecurityPolicy(options: ContentSecurityPolicyOptions): string {
  const { web, sockets } = normalise(options.origins);
  const scripts = normalise(options.scriptOrigins ?? options.origins).web;
  const directives = [
    "default-src 'none'",
    sources(
      "script-src 'self'",
      options.webAssembly === false ? [] : ["'wasm-unsafe-eval'"],
      scripts,
    ),
    "style-src 'self' 'unsafe-inline'",
    sources("img-src 'self' data: blob:", web),
    "font-src 'self' data:",
    sources("connect-src 'self'", web, sockets),
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    // Only widgets (script origins) may bring a frame; the app itself frames nothing.
    sources("frame-src 'self'", scripts),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.report) directives.push(`report-uri ${CSP_REPORT_PATH}`);
  return directives.join('; ');
}

/**
 * `policy` with these inline scripts allowed by their hashes (`'sha256-…'` sources added to
 * `script-src`), for a page that carries them: the web app's index.html and its boot script
 * (docs/architecture.md "Boot"). Only well-formed sha256/384/512 sources are added.
 */
export function withScriptHashes(policy: string, hashes: readonly string[]): string {
  const sourcesToAdd = hashes.filter((hash) =>
    /^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/.test(hash),
  );
  if (sourcesToAdd.length === 0) return policy;
  const directives = policy.split(/;\s*/);
  const at = directives.findIndex((directive) => /^script-src(\s|$)/.test(directive));
  if (at === -1) return policy;
  directives[at] = [directives[at], ...sourcesToAdd].join(' ');
  return directives.join('; ');
}

/**
 * The policy of a page the server renders itself (sign-in, sign-out, errors, the development
 * mailbox): nothing but its own nonce'd `<style>` and, if it has one, its nonce'd `<script>`.
 */
export function buildPagePolicy(options: {
  nonce: string;
  script?: boolean;
  /**
   * Where its forms may post. Left out for the sign-in pages: Chrome applies form-action to the
   * redirects after a post, and the provider redirects to the brand host that started the flow.
   */
  formAction?: "'self'" | "'none'";
  report?: boolean;
}): string {
  const directives = [
    "default-src 'none'",
    `style-src 'nonce-${options.nonce}'`,
    options.script ? `script-src 'nonce-${options.nonce}'` : "script-src 'none'",
    "img-src 'self' data:",
    "base-uri 'none'",
    ...(options.formAction ? [`form-action ${options.formAction}`] : []),
    "frame-ancestors 'none'",
  ];
  if (options.report) directives.push(`report-uri ${CSP_REPORT_PATH}`);
  return directives.join('; ');
}
