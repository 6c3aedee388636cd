import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

// Nothing on the main screens moves while they load (docs/conventions.md, "Reserve the space of
// what arrives later"): the layout shifts of a fresh load, as the browser reports them (Layout
// Instability API), add up to less than 0.1, the Core Web Vitals limit `npm run bench:vitals`
// measures with Lighthouse. A footer pushed off the screen by the page's data scored 0.16–0.18.

/** Sums the page's layout shifts from the start of every navigation (a string: no tsx helpers). */
const recordShifts = `(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (!entry.hadRecentInput) window.__shifts.push({ value: entry.value,
        moved: (entry.sources || []).map((s) => s.node && s.node.nodeType === 1
          ? s.node.tagName.toLowerCase() + ' ' + (s.node.textContent || '').trim().slice(0, 30) : '?') });
  }).observe({ type: 'layout-shift', buffered: true });
})()`;

async function shiftsOf(page: Page): Promise<{ total: number; moved: string[] }> {
  // Late arrivals (a lazy panel, the next months) get a moment to land.
  await page.waitForTimeout(500);
  const shifts = (await page.evaluate('window.__shifts')) as { value: number; moved: string[] }[];
  return {
    total: shifts.reduce((sum, shift) => sum + shift.value, 0),
    moved: shifts.flatMap((shift) => shift.moved),
  };
}

const screens = [
  {
    name: 'My photos',
    path: '/my-photos/photos',
    loaded: (page: Page) => page.locator('img[elementtiming="photo-thumbnail"]').first(),
  },
  {
    name: 'My orders',
    path: '/orders',
    loaded: (page: Page) => page.getByRole('link', { name: /^Order / }).first(),
  },
  {
    name: 'the overview',
    path: '/',
    loaded: (page: Page) => page.getByRole('link', { name: /^Order / }).first(),
    desktopOnly: true,
  },
];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the main screens load without layout shifts at ${viewport.width} px`, async ({
    demoPage,
    brandUrl,
    brandHost,
  }) => {
    await demoPage.setViewportSize(viewport);
    await demoPage.addInitScript(recordShifts);
    for (const screen of screens) {
      // The overview is the menu on a phone (docs/product.md#screens).
      if (screen.desktopOnly && viewport.width < 575) continue;
      await demoPage.goto(brandUrl(brandHost, screen.path));
      await expect(screen.loaded(demoPage)).toBeVisible();
      const { total, moved } = await shiftsOf(demoPage);
      expect(total, `${screen.name} shifted: ${moved.join('; ')}`).toBeLessThan(0.1);
    }
  });
}
