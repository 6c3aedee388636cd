import type { Page } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/**
 * Lighthouse's benchmark index of this host now (its measure of the CPU's speed), measured in a
 * blank tab of `browser` (a Browser or a BrowserContext). The main-thread-bound figures of the
 * benches follow it: this shared machine reads anywhere from about 1,000 to 2,600.
 */
export async function hostIndex(browser: { newPage(): Promise<Page> }): Promise<number> {
  const page = await browser.newPage();
  try {
    return Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  } finally {
    await page.close();
  }
}
