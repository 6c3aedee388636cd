import { apiBaseUrl, buildUrl } from '@photo/core/api/base-api';
import { resolveBrand } from '@photo/core/features/brand/resolve-brand';
import { PAGE_LIMITS } from '@photo/core/api/schemas/paging';
import { SCROLL_POSITION_KEY as APP_SCROLL_POSITION_KEY } from '@photo/core/features/photos/persisted-state';
import { SORTING_OPTIONS_KEY } from '@photo/core/features/photos/sorting/sorting-slice';
import { clientConfigFixture } from '@photo/core/testing/client-config-fixture';
import {
  ACCESS_COOKIE,
  CONFIG_ELEMENT_ID,
  MONTH_PAGE_SIZE,
  SCROLL_POSITION_KEY,
  SORTING_KEY,
  brandHost,
  firstMonths,
  startBoot,
} from './boot';
import { TOKEN_COOKIES } from './web-auth';

const config = clientConfigFixture();
const OriginalDateTimeFormat = Intl.DateTimeFormat;
const timeline = { timeline: { '2023': { '5': 2 }, '2024': { '11': 4, '12': 9 } } };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A page at `path`: the server's inline config, the host's locale, a token cookie, storage. */
function page(
  path: string,
  { token = 'tok', inline = true, stored = {} as Record<string, string> } = {},
) {
  const doc = document.implementation.createHTMLDocument('boot');
  doc.documentElement.lang = 'nl-NL';
  if (inline) {
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = CONFIG_ELEMENT_ID;
    block.textContent = JSON.stringify(config);
    doc.head.append(block);
  }
  Object.defineProperty(doc, 'cookie', {
    value: token ? `other=1; ${ACCESS_COOKIE}=${token}` : '',
  });
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    const { pathname } = new URL(url, window.location.origin);
    if (pathname === '/config.json') return json(config);
    if (pathname.endsWith('/users/timeline')) return json(timeline);
    return json({ ok: pathname });
  });
  const win = {
    location: new URL(path, window.location.origin),
    document: doc,
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    fetch: fetchMock,
    crypto: globalThis.crypto,
    setTimeout: vi.fn((run: () => void, ms?: number) => setTimeout(run, ms)),
  } as unknown as Window;
  return { win, fetchMock };
}

const requested = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([url]) => new URL(url as string, window.location.origin).href);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const origin = window.location.origin;
/** The shell's requests, at the URLs the app builds for them (brand provider, account layout). */
const storefrontUrl = (hostname = new URL(origin).hostname) =>
  buildUrl(config.StorefrontConfigUrl, '/config', { host: resolveBrand(config, hostname).host });
const experimentsUrl = buildUrl(apiBaseUrl(config, 'experiments'), '/me');
const customerUrl = buildUrl(apiBaseUrl(config, 'customer'), '/customers/me');

describe('the boot script', () => {
  it('repeats the names the app uses (cookie, storage keys, page size)', () => {
    expect(ACCESS_COOKIE).toBe(TOKEN_COOKIES.access);
    expect(SORTING_KEY).toBe(SORTING_OPTIONS_KEY);
    expect(SCROLL_POSITION_KEY).toBe(APP_SCROLL_POSITION_KEY);
    expect(MONTH_PAGE_SIZE).toBe(PAGE_LIMITS.timelineMonth);
  });

  it('on My photos starts the texts, the user, the timeline and the first two month pages at the URLs the app asks for', async () => {
    const { win, fetchMock } = page('/my-photos/photos');
    const boot = startBoot(win);
    await settle();
    await settle();
    const base = config.PhotoManagementShareApiBaseUrl;
    const month = (m: number) =>
      buildUrl(base, `/photos/timeline/2024/${m}`, {
        cursor: null,
        limit: PAGE_LIMITS.timelineMonth,
        sortKey: 'dateTaken',
        sortOrder: 'desc',
      });
    expect(requested(fetchMock)).toEqual([
      `${window.location.origin}/locales/nl-NL.json`,
      storefrontUrl(),
      experimentsUrl,
      customerUrl,
      buildUrl(base, '/users'),
      buildUrl(base, '/users/timeline'),
      month(12),
      month(11),
    ]);
    // The API calls carry the token like the app's own.
    const init = fetchMock.mock.calls[4]![1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    // Each is handed over once, the inline config too (no request for it).
    const timelineResponse = boot.take(buildUrl(base, '/users/timeline'));
    expect(await (await timelineResponse!).json()).toEqual(timeline);
    expect(boot.take(buildUrl(base, '/users/timeline'))).toBeUndefined();
    expect(await (await boot.take(`${window.location.origin}/config.json`)!).json()).toEqual(
      config,
    );
  });

  it("loads the page language's date and number data, one task each, once the shell's requests are on their way", async () => {
    const { win, fetchMock } = page('/orders');
    const requestsBefore: number[] = [];
    const dates = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args) {
      requestsBefore.push(fetchMock.mock.calls.length);
      return new OriginalDateTimeFormat(...args);
    } as typeof Intl.DateTimeFormat);
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const timers: (() => void)[] = [];
    vi.mocked(win.setTimeout).mockImplementation(((run: () => void) => {
      timers.push(run);
      return 0;
    }) as typeof win.setTimeout);
    startBoot(win);
    await settle();
    // Not in the script's own task: each formatter in a task of its own, after it.
    expect(dates).not.toHaveBeenCalled();
    expect(timers).toHaveLength(2);
    timers[0]!();
    expect(dates).toHaveBeenCalledTimes(1);
    expect(dates.mock.calls[0]![0]).toBe('nl-NL');
    expect(numbers).not.toHaveBeenCalled();
    // The texts, storefront, experiments and customer record were asked for first.
    expect(requestsBefore).toEqual([4]);
    timers[1]!();
    expect(numbers).toHaveBeenCalledTimes(1);
    expect(numbers.mock.calls[0]![0]).toBe('nl-NL');
    vi.restoreAllMocks();
  });

  it('without a token asks for the config, texts and storefront only', async () => {
    const { win, fetchMock } = page('/my-photos', { token: '', inline: false });
    startBoot(win);
    await settle();
    await settle();
    expect(requested(fetchMock)).toEqual([
      `${origin}/config.json`,
      `${origin}/locales/nl-NL.json`,
      storefrontUrl(),
    ]);
    // No token on the storefront call: the app sends none either.
    const init = fetchMock.mock.calls[2]![1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("on the shell's other pages starts its requests but no photo ones; none of them on public pages", async () => {
    const cases: [string, string[]][] = [
      ['/orders', [storefrontUrl(), experimentsUrl, customerUrl]],
      ['/orders/BX1000028', [storefrontUrl(), experimentsUrl, customerUrl]],
      // Header-less pages of the signed-in shell: no customer record there.
      ['/logout', [storefrontUrl(), experimentsUrl]],
      ['/my-photos/photos/preview/p1', [storefrontUrl(), experimentsUrl]],
      // Public pages: outside the signed-in shell.
      ['/account-deleted', [storefrontUrl()]],
      ['/subscription-confirmation-success', [storefrontUrl()]],
    ];
    for (const [path, expected] of cases) {
      const { win, fetchMock } = page(path);
      startBoot(win);
      await settle();
      await settle();
      expect(requested(fetchMock).slice(1), path).toEqual(expected);
    }
    // Experiments are optional: without their URL nobody is asked.
    const { win, fetchMock } = page('/orders');
    win.document.getElementById(CONFIG_ELEMENT_ID)!.textContent = JSON.stringify({
      ...config,
      ExperimentsApiUrl: undefined,
    });
    startBoot(win);
    await settle();
    expect(requested(fetchMock).slice(1)).toEqual([storefrontUrl(), customerUrl]);
  });

  it("hands each of the shell's answers over once, at the URL the app asks for", async () => {
    const { win } = page('/orders');
    const boot = startBoot(win);
    await settle();
    for (const url of [storefrontUrl(), experimentsUrl, customerUrl]) {
      expect(boot.take(url), url).toBeDefined();
      expect(boot.take(url), url).toBeUndefined();
    }
  });

  it("resolves a host's brand as the app does", () => {
    for (const hostname of [
      'albelli-nl.localhost',
      'PHOTOBOX-UK.localhost.',
      'unknown.example',
      'localhost',
    ])
      expect(brandHost(config, hostname), hostname).toBe(resolveBrand(config, hostname).host);
    expect(brandHost({ ...config, DefaultHost: 'nowhere' }, 'unknown.example')).toBe(
      resolveBrand({ ...config, DefaultHost: 'nowhere' }, 'unknown.example').host,
    );
    expect(brandHost({}, 'localhost')).toBeNull();
  });

  it('guesses no month pages when sorted by upload date or coming back to a scroll position', async () => {
    const cases: Record<string, string>[] = [
      { [SORTING_KEY]: JSON.stringify({ photos: { sortKey: 'created', sortOrder: 'desc' } }) },
      { [SCROLL_POSITION_KEY]: '[0,1200]' },
    ];
    for (const stored of cases) {
      const { win, fetchMock } = page('/my-photos', { stored });
      startBoot(win);
      await settle();
      await settle();
      expect(requested(fetchMock).filter((url) => url.includes('/photos/timeline/'))).toEqual([]);
    }
  });

  it('orders months as the timeline does (newest first, or oldest first when sorted so)', () => {
    expect(firstMonths(timeline, 'desc', 2)).toEqual([
      { year: 2024, month: 12 },
      { year: 2024, month: 11 },
    ]);
    expect(firstMonths(timeline, 'asc', 1)).toEqual([{ year: 2023, month: 5 }]);
    expect(firstMonths({ nothing: true }, 'desc', 2)).toEqual([]);
  });
});
