/**
 * `npm run bench:orders`, browser half: demo@example.com with `orders` orders over 5 years, in
 * Debian's Chromium (Playwright over the DevTools protocol, HTTP cache off). Each run opens two
 * fresh tabs:
 * - /orders: ms from the navigation until the in-progress list is painted (Element Timing of
 *   the first order card's code, relative to the navigation's start);
 * - /orders?order_state=history: ms until the first page of History is painted, ms until the
 *   last list page (`GET /v2/superorders/me`) has arrived, the layout shifts of the visit (count
 *   and score, none after input) and the first History link's text when it painted and once
 *   every page is in (it must not change), with how often it changed.
 * The client reads the first page (Offset/Limit 0/100), then the other pages together. Medians
 * of `runs` runs.
 *
 * Needs the built web app (the npm script builds web/dist first; BENCH_WEB_ROOT for another).
 */
import { chromium } from '@playwright/test';
import { startOrdersBenchServer } from './orders-bench-server.ts';

/** Debian's Chromium as the e2e suites launch it (e2e/playwright.config.ts has the same flags). */
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface OrdersPaintResult {
  runsMs: number[];
  medianMs: number;
  /** Navigation → the first History page painted, per run. */
  historyRunsMs: number[];
  historyMedianMs: number;
  /** Navigation → the last list page received (History visit), per run. */
  allLoadedRunsMs: number[];
  allLoadedMedianMs: number;
  /** Layout shifts of each History visit until every page is in: count and score. */
  shifts: Array<{ count: number; score: number }>;
  /** The first History link when it painted and after the rest arrived (last run). */
  firstHistoryLink: { painted: string; settled: string };
  /** Times the first History link's text changed after it first painted, over all runs. */
  firstLinkChanges: number;
  /** Order list requests one visit made. */
  requests: number;
  /** The first tab's label, e.g. "In progress (12)". */
  tab: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Set before any script runs: the first order card's paint time (Element Timing), the layout
 * shifts not caused by input, and every text the first order link of the shown tab takes.
 */
const paintObserver = `(() => {
  window.__shifts = { count: 0, score: 0 };
  window.__firstLinks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.identifier === 'order-card' && window.__ordersPainted === undefined)
        window.__ordersPainted = entry.renderTime || entry.loadTime || entry.startTime;
    }
  }).observe({ type: 'element', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__shifts.count += 1;
      window.__shifts.score += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  let last = null;
  new MutationObserver(() => {
    const link = document.querySelector('[role=tabpanel] a[href^="/orders/"]');
    const text = link ? link.textContent : null;
    if (text && text !== last) {
      last = text;
      window.__firstLinks.push(text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})()`;

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the order list pages did not all arrive');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function measureOrdersPaint(options: {
  orders: number;
  runs: number;
  webRoot?: string;
}): Promise<OrdersPaintResult> {
  const bench = await startOrdersBenchServer({ orders: options.orders, webRoot: options.webRoot });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const login = await context.newPage();
    await login.goto(`${bench.origin}/`);
    await login.getByLabel('Email').fill('demo@example.com');
    await login.getByLabel('Password').fill('demo1234');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await login.getByRole('navigation', { name: 'Account menu' }).waitFor({ timeout: 60_000 });
    await login.close();

    const runsMs: number[] = [];
    const historyRunsMs: number[] = [];
    const allLoadedRunsMs: number[] = [];
    const shifts: Array<{ count: number; score: number }> = [];
    const firstHistoryLink = { painted: '', settled: '' };
    let firstLinkChanges = 0;
    let requests = 0;
    let tab = '';
    // One visit first to warm the server's code paths like a returning customer's, not timed.
    for (let run = 0; run <= options.runs; run += 1) {
      for (const state of ['inProgress', 'history'] as const) {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await page.addInitScript(paintObserver);
        let listRequests = 0;
        let pending = 0;
        const isList = (url: string) => url.includes('/v2/superorders/me');
        page.on('request', (request) => {
          if (!isList(request.url())) return;
          listRequests += 1;
          pending += 1;
        });
        const settle = (request: { url(): string }) => {
          if (isList(request.url())) pending -= 1;
        };
        page.on('requestfinished', settle);
        page.on('requestfailed', settle);
        await page.goto(
          `${bench.origin}/orders${state === 'history' ? '?order_state=history&page=1' : ''}`,
        );
        // A function, not a string: the app's Content-Security-Policy forbids the eval a string
        // predicate needs. `globalThis`: the server's types have no DOM.
        await page.waitForFunction(
          () => (globalThis as { __ordersPainted?: number }).__ordersPainted !== undefined,
          null,
          {
            timeout: 60_000,
            polling: 20,
          },
        );
        const painted = Math.round(Number(await page.evaluate('window.__ordersPainted')));
        if (state === 'inProgress') {
          if (run > 0) runsMs.push(painted);
          requests = listRequests;
          tab = (await page.getByRole('tab', { selected: true }).textContent()) ?? '';
          await page.close();
          continue;
        }
        const paintedLink = String(await page.evaluate('window.__firstLinks[0] ?? ""'));
        // Every list page in, then a moment for the page to show it.
        await waitUntil(() => listRequests > 0 && pending === 0, 60_000);
        await page.waitForTimeout(500);
        const allLoaded = Math.round(
          Number(
            await page.evaluate(
              `Math.max(...performance.getEntriesByType('resource').filter((e) => e.name.includes('/v2/superorders/me')).map((e) => e.responseEnd))`,
            ),
          ),
        );
        const links = (await page.evaluate('window.__firstLinks')) as string[];
        const visitShifts = (await page.evaluate('window.__shifts')) as {
          count: number;
          score: number;
        };
        if (run > 0) {
          historyRunsMs.push(painted);
          allLoadedRunsMs.push(allLoaded);
          shifts.push({ count: visitShifts.count, score: Number(visitShifts.score.toFixed(4)) });
          firstLinkChanges += Math.max(0, links.length - 1);
          firstHistoryLink.painted = paintedLink;
          firstHistoryLink.settled = links.at(-1) ?? '';
        }
        await page.close();
      }
    }
    return {
      runsMs,
      medianMs: median(runsMs),
      historyRunsMs,
      historyMedianMs: median(historyRunsMs),
      allLoadedRunsMs,
      allLoadedMedianMs: median(allLoadedRunsMs),
      shifts,
      firstHistoryLink,
      firstLinkChanges,
      requests,
      tab,
    };
  } finally {
    await browser.close();
    await bench.close();
  }
}
