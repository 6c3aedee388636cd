/**
 * `npm run bench:orders`, browser half: demo@example.com with `orders` orders over 5 years, in
 * Debian's Chromium (Playwright over the DevTools protocol, HTTP cache off): ms from the
 * navigation to /orders until the in-progress list is painted (Element Timing of the first
 * order card's code, relative to the navigation's start). The client reads the whole list
 * (`GET /v2/superorders/me`, Offset/Limit 0/100, then the other pages together) before it can
 * split it into in progress and history. Median of `runs` runs, each in a fresh tab.
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

/** Records the first order card's paint time in the page (set before any script runs). */
const paintObserver = `(() => {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.identifier === 'order-card' && window.__ordersPainted === undefined)
        window.__ordersPainted = entry.renderTime || entry.loadTime || entry.startTime;
    }
  }).observe({ type: 'element', buffered: true });
})()`;

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
    let requests = 0;
    let tab = '';
    // One visit first to warm the server's code paths like a returning customer's, not timed.
    for (let run = 0; run <= options.runs; run += 1) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await page.addInitScript(paintObserver);
      let listRequests = 0;
      page.on('request', (request) => {
        if (request.url().includes('/v2/superorders/me')) listRequests += 1;
      });
      await page.goto(`${bench.origin}/orders`);
      // Strings, not functions: the server's types have no DOM.
      await page.waitForFunction('window.__ordersPainted !== undefined', null, {
        timeout: 60_000,
        polling: 20,
      });
      const painted = Number(await page.evaluate('window.__ordersPainted'));
      if (run > 0) runsMs.push(Math.round(painted));
      requests = listRequests;
      tab = (await page.getByRole('tab', { selected: true }).textContent()) ?? '';
      await page.close();
    }
    return { runsMs, medianMs: median(runsMs), requests, tab };
  } finally {
    await browser.close();
    await bench.close();
  }
}
