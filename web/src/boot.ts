/**
 * The page's first script (docs/architecture.md "Boot"), inline in index.html: about 3 KB that
 * run as the HTML is parsed, before the framework's chunks have even arrived, and start the
 * requests the first paint waits for, so
 * they travel while React, Mantine and the route load. The App takes each over once through
 * `platform.prefetched` (web-platform.ts); whatever it does not take (or takes after 30 s) it
 * requests as usual, and a failed one is asked again (`prefetchedOr` in core).
 *
 * - always: the client config (the server writes it into index.html as a JSON data block, else
 *   `/config.json`), the texts of the host's locale (the `lang` the server gave `<html>`) and the
 *   storefront config of the host's brand (the shell's menus and links);
 * - signed in (an access-token cookie), on the shell's pages: the A/B variant (`{Experiments}/me`)
 *   and, on pages with the header, the customer record (`{Customer}/customers/me`);
 * - signed in on My photos: `GET /users`, `GET /users/timeline` and, sorted by date taken, the
 *   first month pages, exactly as the photo API would ask for them.
 *
 * It imports nothing at run time: anything shared with the app's entry would become a chunk of
 * its own, one more request before the first fetch can start. The few names it repeats (cookie,
 * storage keys, page size, the request headers, the brand of a host, which pages have the shell)
 * are kept equal to the app's by boot.test.ts.
 */
import type { PlatformPrefetched } from '@photo/core/platform/platform';

/** Where the boot script leaves its requests for the web platform (read by name there). */
export const BOOT_GLOBAL = '__photoBoot';
/** The id of the JSON data block the server writes the client config into. */
export const CONFIG_ELEMENT_ID = 'client-config';
/** `TOKEN_COOKIES.access` of web-auth.ts. */
export const ACCESS_COOKIE = 'access_token';
/** `SORTING_OPTIONS_KEY` and `SCROLL_POSITION_KEY` of core's photos feature. */
export const SORTING_KEY = 'sortingOptions';
export const SCROLL_POSITION_KEY = 'scrollPosition';
/** Photos per month page (`PAGE_LIMITS.timelineMonth`). */
export const MONTH_PAGE_SIZE = 24;
/** The month pages started at most: what a first screen shows, no more. */
export const PREFETCHED_MONTHS = 2;
/** An early answer older than this is not used: the app asks afresh. */
export const PREFETCH_MAX_AGE_MS = 30_000;
/** The My photos paths (`MY_PHOTOS_PATH`, `PHOTOS_PATH`). */
const MY_PHOTOS = /^\/my-photos(\/photos)?\/?$/;
/** The public pages of the route table (outside the signed-in shell). */
export const PUBLIC_PAGE =
  /^\/(account-deleted|change-email-success|subscription-confirmation(-success|-error)?)\/?$/;
/** The signed-in pages without the header (no customer record): confirmations, sign-out, previews. */
export const HEADERLESS_PAGE =
  /^\/(delete-account-confirmation|change-email-confirmation|logout)\/?$|\/preview\//;

export type BootWindow = Window & { [BOOT_GLOBAL]?: PlatformPrefetched };

function readCookie(doc: Document, name: string): string | null {
  for (const part of doc.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function readStored(win: Window, key: string): unknown {
  try {
    const raw = win.localStorage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function normaliseHost(hostname: string): string {
  return hostname.trim().toLowerCase().replace(/\.$/, '');
}

/**
 * The brand host the app resolves for this host name (`resolveBrand`: the matching brand, else
 * the default host's, else the first); boot.test.ts keeps the two equal.
 */
export function brandHost(config: Record<string, unknown>, hostname: string): string | null {
  const brands = Array.isArray(config.Brands) ? (config.Brands as { host?: unknown }[]) : [];
  const hosts = brands
    .map((brand) => brand?.host)
    .filter((h): h is string => typeof h === 'string');
  const wanted = [hostname, typeof config.DefaultHost === 'string' ? config.DefaultHost : ''].map(
    normaliseHost,
  );
  for (const want of wanted) {
    const found = hosts.find((h) => normaliseHost(h) === want);
    if (found) return found;
  }
  return hosts[0] ?? null;
}

/** The sort of My photos as stored; anything unexpected counts as the default (date taken, newest first). */
function photosSort(win: Window): { sortKey: string; sortOrder: string } {
  const stored = readStored(win, SORTING_KEY) as { photos?: Record<string, unknown> } | undefined;
  const photos = stored?.photos;
  const sortKey = photos?.sortKey === 'created' ? 'created' : 'dateTaken';
  const sortOrder = photos?.sortOrder === 'asc' ? 'asc' : 'desc';
  return { sortKey, sortOrder };
}

/** The first `count` months of a timeline body in the timeline's order (`buildMonthSections`). */
export function firstMonths(
  body: unknown,
  sortOrder: string,
  count: number,
): { year: number; month: number }[] {
  const timeline = (body as { timeline?: unknown } | null)?.timeline;
  if (!timeline || typeof timeline !== 'object') return [];
  const months: { year: number; month: number }[] = [];
  for (const [year, byMonth] of Object.entries(timeline as Record<string, unknown>)) {
    if (!byMonth || typeof byMonth !== 'object') continue;
    for (const [month, photos] of Object.entries(byMonth as Record<string, unknown>)) {
      if (typeof photos === 'number' && photos > 0)
        months.push({ year: Number(year), month: Number(month) });
    }
  }
  const direction = sortOrder === 'asc' ? 1 : -1;
  months.sort((a, b) => direction * (a.year * 12 + a.month - (b.year * 12 + b.month)));
  return months.slice(0, count);
}

/**
 * A page's first `Intl` formatter loads the browser's locale data (about 35 ms here, 140 ms at a
 * phone's 4x slowdown, in a trace): paid while the framework's chunks download, instead of in
 * the task that evaluates the app's modules or inside the first render of the timeline's month names
 * or a list's dates, which is what the customer waits for. The counts' number format likewise
 * (`formatCount` in core, the same options, then finds the locale's number data loaded). Each
 * is a task of its own (`startBoot`): the first pays for the data, the second about 10 ms, and
 * together they were one task of 170-190 ms at 4x.
 */
const localeWarmUps: readonly ((lang: string) => void)[] = [
  (lang) =>
    new Intl.DateTimeFormat(lang || undefined, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).formatToParts(0),
  (lang) => new Intl.NumberFormat(lang || undefined, { maximumFractionDigits: 0 }).format(0),
];

function warmUp(run: (lang: string) => void, lang: string): void {
  try {
    run(lang);
  } catch {
    // An unknown lang attribute: the first real formatter pays instead.
  }
}

/** Starts the early requests and returns how the app takes them over. */
export function startBoot(win: Window = window): PlatformPrefetched {
  const bootedAt = Date.now();
  const started = new Map<string, Promise<Response>>();
  const absolute = (url: string) => new URL(url, win.location.href).href;
  const keep = (url: string, response: Promise<Response>) => {
    // Nobody may take it: an unhandled rejection would only be noise.
    response.catch(() => undefined);
    started.set(absolute(url), response);
    return response;
  };

  // The config: the server's inline copy, else the request the app would make.
  const configUrl = '/config.json';
  const inline = win.document.getElementById(CONFIG_ELEMENT_ID)?.textContent;
  let config: Promise<unknown>;
  if (inline) {
    keep(
      configUrl,
      Promise.resolve(
        new Response(inline, { headers: { 'Content-Type': 'application/json; charset=utf-8' } }),
      ),
    );
    config = Promise.resolve().then(() => JSON.parse(inline) as unknown);
  } else {
    const response = keep(
      configUrl,
      win.fetch(configUrl, { cache: 'no-store', headers: { Accept: 'application/json' } }),
    );
    config = response.then((r) => (r.ok ? r.clone().json() : null));
  }
  config = config.catch(() => null);

  const locale = win.document.documentElement.lang;
  if (locale) {
    const url = `/locales/${encodeURIComponent(locale)}.json`;
    keep(url, win.fetch(url, { credentials: 'same-origin' }));
  }

  const token = readCookie(win.document, ACCESS_COOKIE);
  const path = win.location.pathname;
  const sort = photosSort(win);
  const restoring = readStored(win, SCROLL_POSITION_KEY) !== undefined;
  void config.then((body) => {
    const settings = (body ?? {}) as Record<string, unknown>;
    const urlOf = (name: string) => {
      const base = settings[name];
      return typeof base === 'string' && base ? base : null;
    };
    // What `request()` in core/src/api/request.ts sends, so the answers are the same.
    const get = (
      base: string,
      path: string,
      params: Record<string, string> = {},
      bearer: string | null = token,
    ) => {
      const url = new URL(base.replace(/\/$/, '') + path, win.location.origin);
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'Cache-Control': 'no-cache',
        Pragma: 'no-cache',
      };
      if (bearer) {
        headers.Authorization = `Bearer ${bearer}`;
        headers['X-CorrelationId'] = win.crypto.randomUUID();
      }
      return keep(url.href, win.fetch(url.href, { headers, cache: 'no-store' }));
    };

    // Every page: the storefront menus and links of this host's brand (the brand provider's).
    const storefront = urlOf('StorefrontConfigUrl');
    const host = brandHost(settings, win.location.hostname);
    if (storefront && host) get(storefront, '/config', { host }, null);

    if (!token || PUBLIC_PAGE.test(path)) return;
    // The signed-in shell: the account's A/B variant (when experiments are configured) and,
    // on the pages with the header, the customer record (the account layout's).
    const experiments = urlOf('ExperimentsApiUrl');
    if (experiments) get(experiments, '/me');
    const customer = urlOf('CustomerApiUrl');
    if (customer && !HEADERLESS_PAGE.test(path)) get(customer, '/customers/me');

    const photos = urlOf('PhotoManagementShareApiBaseUrl');
    if (!photos || !MY_PHOTOS.test(path)) return;
    get(photos, '/users');
    const timeline = get(photos, '/users/timeline');
    // By upload date the page shows the flat list; coming back from a photo it starts at the
    // months that were on screen: no month pages to guess then.
    if (sort.sortKey !== 'dateTaken' || restoring) return;
    void timeline
      .then((r) => (r.ok ? r.clone().json() : null))
      .then((timelineBody: unknown) => {
        for (const { year, month } of firstMonths(timelineBody, sort.sortOrder, PREFETCHED_MONTHS))
          get(photos, `/photos/timeline/${year}/${month}`, {
            limit: String(MONTH_PAGE_SIZE),
            sortKey: sort.sortKey,
            sortOrder: sort.sortOrder,
          });
      })
      .catch(() => undefined);
  });
  // Once the requests above are on their way, in tasks of their own: the main thread would
  // otherwise wait for the framework's chunks then. Not in this script's task, which also
  // compiles the modules the parser found: one long task where short ones will do.
  void config.finally(() => {
    for (const run of localeWarmUps) win.setTimeout(() => warmUp(run, locale), 0);
  });

  return {
    take(url) {
      const key = absolute(url);
      const response = started.get(key);
      started.delete(key);
      return response && Date.now() - bootedAt <= PREFETCH_MAX_AGE_MS ? response : undefined;
    },
  };
}
