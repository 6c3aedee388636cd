import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { pageFetch } from '../fixtures/http.ts';
import { LOOKS, snap, takingPictures } from '../fixtures/snap.ts';
import { expect, test } from '../fixtures/test.ts';
import { demoUser, hosts } from '../fixtures/users.ts';

// The 'My photos' timeline on the seeded server (demo@example.com, > 2,000 photos over
// 2019–2025 plus undated ones), en-GB texts on plain localhost.

const MONTH_REQUEST = /\/api\/photo\/photos\/timeline\/(\d{4})\/(\d{1,2})(\?|$)/;

/** Every month page the page asked for, as `yyyy-m` (with the cursor, if any). */
function recordMonthRequests(page: Page): { month: string; cursor: string | null }[] {
  const seen: { month: string; cursor: string | null }[] = [];
  page.on('request', (request) => {
    const match = MONTH_REQUEST.exec(request.url());
    if (match)
      seen.push({
        month: `${match[1]}-${Number(match[2])}`,
        cursor: new URL(request.url()).searchParams.get('cursor'),
      });
  });
  return seen;
}

async function openLibrary(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  await page.goto(`${origin}/my-photos/photos`);
  await expect(page.getByRole('heading', { level: 1, name: 'My photos' })).toBeVisible();
  await expect(page.getByTestId('photo-tile').first()).toBeVisible();
}

const tiles = (page: Page): Locator => page.getByTestId('photo-tile');
const selectedCount = (page: Page): Locator => page.getByTestId('selected-count');
const selectionBar = (page: Page): Locator => page.getByRole('region', { name: 'Selected photos' });

/** The photo count of a month section (`yyyy-m`) from the timeline. */
async function sectionCount(page: Page, key: string): Promise<number> {
  const [year, month] = key.split('-');
  const timeline = (await pageFetch(page, '/api/photo/users/timeline')).json as {
    timeline: Record<string, Record<string, number>>;
  };
  return timeline.timeline[year!]![month!]!;
}

/** The library's photo count (the tab's and the user's). */
async function libraryCount(page: Page): Promise<number> {
  return ((await pageFetch(page, '/api/photo/users')).json as { photosCount: number }).photosCount;
}

async function startSelecting(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await expect(selectedCount(page)).toHaveText('0 selected');
}

/** Clicks tile `index` (select mode: toggles it) and returns its photo id. */
async function clickTile(
  page: Page,
  index: number,
  modifiers?: ('Shift' | 'Control')[],
): Promise<string> {
  const tile = tiles(page).nth(index);
  await tile
    .getByRole('button')
    .first()
    .click(modifiers ? { modifiers } : undefined);
  return (await tile.getAttribute('data-photo-id'))!;
}

/** Sections of the timeline that are in the DOM, by their `yyyy-m` key. */
async function sectionKeys(page: Page): Promise<string[]> {
  return page
    .locator('section[data-section]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-section')!));
}

test.describe('timeline (read-only)', () => {
  test('months load lazily when they become visible; months never seen are never requested', async ({
    demoPage: page,
  }) => {
    const requests = recordMonthRequests(page);
    await openLibrary(page);
    const timeline = (await pageFetch(page, '/api/photo/users/timeline')).json as {
      timeline: Record<string, Record<string, number>>;
    };
    const months = Object.entries(timeline.timeline)
      .flatMap(([year, byMonth]) =>
        Object.keys(byMonth).map((month) => ({
          key: `${year}-${month}`,
          order: Number(year) * 12 + Number(month),
        })),
      )
      .sort((a, b) => b.order - a.order)
      .map((m) => m.key);
    expect(months.length).toBeGreaterThan(40);

    // At the top only the first months (on screen) were fetched, each with its first page.
    await expect.poll(() => requests.length).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    const initial = new Set(requests.map((r) => r.month));
    expect(initial.has(months[0]!)).toBe(true);
    expect(initial.size).toBeLessThanOrEqual(3);
    expect(requests.every((r) => r.cursor === null)).toBe(true);

    // Only sections near the viewport are in the DOM although the page is as tall as all months.
    expect((await sectionKeys(page)).length).toBeLessThanOrEqual(6);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(20_000);

    // Jump to the end: the last month (photos without a date: 'Unknown Date') loads, the months
    // jumped over are never requested.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('heading', { name: /Unknown Date/ })).toBeVisible();
    await expect(
      page.locator('section[data-section="1970-1"]').getByTestId('photo-tile').first(),
    ).toBeVisible();
    const requested = new Set(requests.map((r) => r.month));
    expect(requested.has('1970-1')).toBe(true);
    const middle = months.slice(6, months.length - 6);
    expect(middle.filter((month) => requested.has(month))).toEqual([]);
    expect((await sectionKeys(page)).length).toBeLessThanOrEqual(6);
  });

  test('the boot script runs as the page is parsed and the timeline takes its early answers instead of asking again', async ({
    demoPage: page,
  }) => {
    // The app's entry arrives late, so everything the boot script starts is under way before the
    // app runs; each is still requested only once.
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/photo/')) requested.push(url.pathname + url.search);
    });
    await openLibrary(page);
    const { bootStart, parsed, appEntry } = await page.evaluate(() => ({
      bootStart: performance.getEntriesByName('boot:start')[0]?.startTime ?? null,
      parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
        .domInteractive,
      appEntry: performance.getEntriesByName('app:entry')[0]?.startTime ?? null,
    }));
    // Inline, it runs while the HTML is parsed (allowed by its hash: the fixture fails the test
    // on any policy violation), long before the entry's code.
    expect(bootStart).not.toBeNull();
    expect(bootStart!).toBeLessThan(parsed);
    expect(bootStart!).toBeLessThan(appEntry! - 500);
    const months = requested.filter((url) => MONTH_REQUEST.test(url.split('?')[0]!));
    expect(months.length).toBeGreaterThanOrEqual(2);
    for (const url of ['/api/photo/users', '/api/photo/users/timeline', ...months])
      expect(
        requested.filter((other) => other === url),
        url,
      ).toHaveLength(1);
  });

  test('the date scrubber jumps to a month by keyboard and by click and names it', async ({
    demoPage: page,
  }) => {
    await openLibrary(page);
    const slider = page.getByRole('slider', { name: 'Timeline dates' });
    const headerAtTop = async (key: string) => {
      const section = page.locator(`section[data-section="${key}"]`);
      await expect(section.getByTestId('photo-tile').first()).toBeVisible();
      return (await section.boundingBox())!.y;
    };
    const firstKey = (await sectionKeys(page))[0]!;
    // Keyboard: End is the oldest month (the photos without a date), Home the newest again.
    await slider.focus();
    await page.keyboard.press('End');
    await expect(slider).toHaveAttribute('aria-valuetext', 'Unknown Date');
    await expect(page.getByRole('heading', { name: /Unknown Date/ })).toBeInViewport();
    await headerAtTop('1970-1');
    await page.keyboard.press('Home');
    expect(Math.abs(await headerAtTop(firstKey))).toBeLessThan(2);
    // PageDown: a year on, the month's header at the top, its photos loaded.
    await page.keyboard.press('PageDown');
    const yearOn = (await slider.getAttribute('aria-valuetext'))!;
    await expect(page.getByRole('region', { name: yearOn })).toBeVisible();
    const yearOnKey = (await page
      .getByRole('region', { name: yearOn })
      .getAttribute('data-section'))!;
    expect(Number(yearOnKey.split('-')[0])).toBeLessThan(Number(firstKey.split('-')[0]));
    expect(Math.abs(await headerAtTop(yearOnKey))).toBeLessThan(2);

    // Pointer: hovering the middle of the rail names a month; a click lands on it.
    const rail = page.getByTestId('date-scrubber');
    const box = (await rail.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const label = rail.getByText(/^\S+ \d{4}$/);
    await expect(label).toBeVisible();
    const named = (await label.textContent())!;
    await page.mouse.down();
    await page.mouse.up();
    await expect(slider).toHaveAttribute('aria-valuetext', named);
    const key = (await page.getByRole('region', { name: named }).getAttribute('data-section'))!;
    expect(Math.abs(await headerAtTop(key))).toBeLessThan(2);
  });

  test("'+N' loads the next page of a month by cursor", async ({ demoPage: page }) => {
    const requests = recordMonthRequests(page);
    await openLibrary(page);
    const more = page.getByRole('button', { name: /^Show \d+ more photos of / }).first();
    await more.scrollIntoViewIfNeeded();
    const label = (await more.getAttribute('aria-label'))!;
    const [, countText, month] = /^Show (\d+) more photos of (.+)$/.exec(label)!;
    const section = page.getByRole('region', { name: month });
    await expect(section.getByTestId('photo-tile')).toHaveCount(24);
    const remaining = Number(countText);
    await more.click();
    await expect(section.getByTestId('photo-tile')).toHaveCount(24 + Math.min(24, remaining));
    expect(requests.some((r) => r.cursor !== null)).toBe(true);
    if (remaining > 24) {
      await expect(
        section.getByRole('button', { name: `Show ${remaining - 24} more photos of ${month}` }),
      ).toBeVisible();
    } else {
      await expect(section.getByRole('button', { name: /more photos of/ })).toHaveCount(0);
    }
  });

  test('selection: toggle, shift-click range, month group toggle, Ctrl+A, Escape', async ({
    demoPage: page,
  }) => {
    await openLibrary(page);
    await startSelecting(page);
    await clickTile(page, 1);
    await clickTile(page, 4, ['Shift']);
    await expect(selectedCount(page)).toHaveText('4 selected');
    await clickTile(page, 2);
    await expect(selectedCount(page)).toHaveText('3 selected');

    const firstSection = page.locator('section[data-section]').first();
    // The whole month, shown or not: its count is the timeline's.
    const monthCount = await sectionCount(page, (await firstSection.getAttribute('data-section'))!);
    const monthButton = firstSection.getByRole('button', { name: /^Select all photos of / });
    await monthButton.click();
    await expect(selectedCount(page)).toHaveText(`${monthCount} selected`);
    // All of the month selected: the same button now deselects the whole month.
    await firstSection.getByRole('button', { name: /^Deselect all photos of / }).click();
    await expect(selectedCount(page)).toHaveText('0 selected');

    // Ctrl+A: every photo of the library, loaded or not.
    const total = await libraryCount(page);
    await page.keyboard.press('Control+a');
    await expect(selectedCount(page)).toHaveText(`${total.toLocaleString('en-GB')} selected`);
    await page.keyboard.press('Escape');
    await expect(selectedCount(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete all photos' })).toBeVisible();
  });

  // Fix me: whole months now select by count, so the picks overshoot 101 by up to a month and the
  // deselect loop runs past the rendered tiles. The limit itself is tested in the selection
  // model's unit tests and photo-faults.spec.ts.
  test(
    'download is disabled with none and above 100 selected, with the tooltip',
    { tag: LOOKS },
    async ({ demoPage: page }) => {
      await openLibrary(page);
      await startSelecting(page);
      const download = selectionBar(page).getByRole('button', { name: 'Download' });
      await expect(download).toBeDisabled();
      // Select all: the whole library, far above the limit.
      await page.getByRole('button', { name: 'Select all', exact: true }).click();
      await expect(download).toBeDisabled();
      await page.getByRole('button', { name: 'Deselect all', exact: true }).click();
      await expect(selectedCount(page)).toHaveText('0 selected');

      // Exactly 101: whole months from the top while they fit, then single photos of the months
      // passed over (a month shows its first 24 tiles, so single picks stay within those).
      const timeline = (await pageFetch(page, '/api/photo/users/timeline')).json as {
        timeline: Record<string, Record<string, number>>;
      };
      const months = Object.entries(timeline.timeline)
        .flatMap(([year, byMonth]) =>
          Object.entries(byMonth).map(([month, count]) => ({
            key: `${year}-${month}`,
            order: Number(year) * 12 + Number(month),
            count,
          })),
        )
        .filter((m) => m.count > 0)
        .sort((a, b) => b.order - a.order);
      const wholeMonths: string[] = [];
      const singles: { key: string; picks: number }[] = [];
      let planned = 0;
      for (const month of months) {
        if (planned === 101) break;
        if (planned + month.count <= 101) {
          wholeMonths.push(month.key);
          planned += month.count;
        } else if (101 - planned <= 24 && wholeMonths.length > 0) {
          singles.push({ key: month.key, picks: 101 - planned });
          planned = 101;
        }
      }
      expect(planned).toBe(101);

      /** Scrolls down until the month's section is in the DOM with its photos loaded. */
      const reach = async (key: string) => {
        const section = page.locator(`section[data-section="${key}"]`);
        for (let i = 0; i < 200 && (await section.count()) === 0; i += 1) {
          await page.mouse.wheel(0, 600);
          await page.waitForTimeout(50);
        }
        await section.scrollIntoViewIfNeeded();
        await expect(section.getByRole('button', { name: /^Select all photos of / })).toBeEnabled();
        return section;
      };
      await page.evaluate(() => window.scrollTo(0, 0));
      let lastPick: Locator | null = null;
      for (const month of months) {
        if (wholeMonths.includes(month.key)) {
          const section = await reach(month.key);
          await section.getByRole('button', { name: /^Select all photos of / }).click();
        }
        const single = singles.find((s) => s.key === month.key);
        if (single) {
          const section = await reach(month.key);
          for (let i = 0; i < single.picks; i += 1) {
            lastPick = section.getByTestId('photo-tile').nth(i).getByRole('button').first();
            await lastPick.click();
          }
        }
        if (month.key === (singles.at(-1)?.key ?? wholeMonths.at(-1))) break;
      }
      await expect(selectedCount(page)).toHaveText('101 selected');
      await expect(download).toBeDisabled();
      await page.getByTestId('download-limit').hover();
      await expect(page.getByRole('tooltip')).toHaveText(
        'Up to 100 photos can be downloaded at a time',
      );
      await snap(page, 'photo-library-download-limit');
      // One photo less is within the limit.
      const last = wholeMonths.at(-1)!;
      await (
        lastPick ??
        (await reach(last)).getByTestId('photo-tile').first().getByRole('button').first()
      ).click();
      await expect(selectedCount(page)).toHaveText('100 selected');
      await expect(download).toBeEnabled();
    },
  );

  test('select 3 and download: the zip named after the download holds exactly those 3 originals', async ({
    demoPage: page,
  }) => {
    await openLibrary(page);
    await startSelecting(page);
    const ids = [await clickTile(page, 0), await clickTile(page, 3), await clickTile(page, 7)];
    await expect(selectedCount(page)).toHaveText('3 selected');
    const downloadEvent = page.waitForEvent('download', { timeout: 30_000 });
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/photo/downloads'),
    );
    // The toasts can follow each other faster than an assertion polls: record every one shown.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __toasts: string[] }).__toasts = seen;
      new MutationObserver(() => {
        for (const text of ['Preparing download...', 'Downloading photos', 'Download failed']) {
          if (!seen.includes(text) && document.body.innerText.includes(text)) seen.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await selectionBar(page).getByRole('button', { name: 'Download' }).click();
    const downloadId = ((await (await created).json()) as { id: string }).id;
    // Saved without another click once the push message says the archive is finished.
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe(`${downloadId}.zip`);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts))
      .toEqual(['Preparing download...', 'Downloading photos']);

    const dir = mkdtempSync(join(tmpdir(), 'photo-zip-'));
    try {
      const zipPath = join(dir, 'photos.zip');
      await download.saveAs(zipPath);
      const entries = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' })
        .trim()
        .split('\n');
      expect(entries).toHaveLength(3);
      const entryHashes = entries
        .map((entry) =>
          createHash('sha256')
            .update(execFileSync('unzip', ['-p', zipPath, entry], { maxBuffer: 1 << 28 }))
            .digest('hex'),
        )
        .sort();
      // The originals of the selected photos, fetched from their own URLs in the page.
      const hashes = await originalHashes(page, ids);
      expect(entryHashes).toEqual([...hashes].sort());
      expect(readFileSync(zipPath).subarray(0, 2).toString()).toBe('PK');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test(
    'order prints hands a temp selection to the print editor after the overlay',
    { tag: LOOKS },
    async ({ demoPage: page }) => {
      await openLibrary(page);
      let editorUrl: URL | null = null;
      await page.route('https://**/*', async (route) => {
        const url = new URL(route.request().url());
        if (url.searchParams.has('tempSelectionId')) {
          editorUrl = url;
          await route.fulfill({
            status: 200,
            contentType: 'text/html',
            body: '<title>Editor</title><h1>Editor</h1>',
          });
        } else {
          await route.fallback();
        }
      });
      await page.getByRole('button', { name: 'Order prints' }).click();
      const bar = page.getByRole('region', { name: 'Order prints' });
      await expect(bar.getByText('Selecting your photos...')).toBeVisible();
      await clickTile(page, 0);
      await clickTile(page, 1);
      await snap(page, 'photo-library-order-prints');
      const started = Date.now();
      await bar.getByRole('button', { name: 'Next: Customise 2 photo prints' }).click();
      await expect(page.getByText('Adding 2 photos to editor...')).toBeVisible();
      await page.waitForURL((url) => url.searchParams.has('tempSelectionId'), { timeout: 15_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
      const url = editorUrl as URL | null;
      expect(url?.searchParams.get('productCode')).toBe('PAP_910');
      expect(url?.searchParams.get('channel')).toBeTruthy();
      const selection = await pageFetchFromApp(
        page,
        `/api/photo/temp-selections/${url!.searchParams.get('tempSelectionId')}`,
      );
      expect((selection as { photoIds: string[] }).photoIds).toHaveLength(2);
    },
  );
});

test.describe('header, tabs, sort and errors', () => {
  test('tabs keep the query string; the banner expands; the FAQ link is the storefront one', async ({
    demoPage: page,
  }) => {
    const origin = new URL(page.url()).origin;
    await page.goto(`${origin}/my-photos/photos?from=email`);
    await expect(page.getByRole('tab', { name: /^Photos \([\d,]+\)$/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: /^Albums \([\d,]+\)$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(page.getByText(/up to 100 at a time/)).toBeVisible();
    await page.getByRole('button', { name: 'Show less' }).click();
    await expect(page.getByText(/up to 100 at a time/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Read the FAQ' })).toHaveAttribute(
      'href',
      /^https?:\/\//,
    );
    await page.getByRole('tab', { name: /^Albums/ }).click();
    await expect(page).toHaveURL(/\/my-photos\/albums\?from=email$/);
    // The address changes at once; the albums page shows once its code has loaded (until then
    // the Photos tab is still the selected one, and clicking it does nothing).
    await expect(page.getByRole('tab', { name: /^Albums/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('tab', { name: /^Photos/ }).click();
    await expect(page).toHaveURL(/\/my-photos\/photos\?from=email$/);
  });

  test('sorting by upload date shows the flat list and is remembered', async ({
    demoPage: page,
  }) => {
    await openLibrary(page);
    const flat = page.waitForRequest((r) => {
      const url = new URL(r.url());
      return (
        url.pathname === '/api/photo/photos' &&
        r.method() === 'GET' &&
        url.searchParams.get('sortKey') === 'created'
      );
    });
    await page.getByRole('button', { name: /^Sort photos: Date taken \(newest first\)$/ }).click();
    await page.getByRole('menuitem', { name: 'Date uploaded (newest first)' }).click();
    await flat;
    await expect(
      page.getByRole('region', { name: 'All photos' }).getByTestId('photo-tile').first(),
    ).toBeVisible();
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('sortingOptions') ?? '{}'),
    );
    expect(stored.photos).toEqual({ sortKey: 'created', sortOrder: 'desc' });
    await page.reload();
    await expect(
      page.getByRole('button', { name: 'Sort photos: Date uploaded (newest first)' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'All photos' })).toBeVisible();
    // A value that is not a sort is ignored: back to the default.
    await page.evaluate(() =>
      localStorage.setItem(
        'sortingOptions',
        JSON.stringify({ photos: { sortKey: 'name', sortOrder: 'up' } }),
      ),
    );
    await page.reload();
    await expect(
      page.getByRole('button', { name: 'Sort photos: Date taken (newest first)' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Photos by month' })).toBeVisible();
  });

  test("a failed library load says 'Error: Your photos could not be loaded'", async ({
    demoPage: page,
  }) => {
    await page.route('**/api/photo/users/timeline', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"statusCode":503,"error":"Service Unavailable","message":"down"}',
      }),
    );
    const origin = new URL(page.url()).origin;
    await page.goto(`${origin}/my-photos/photos`);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Error: Your photos could not be loaded' }),
    ).toBeVisible();
  });
});

/** sha256 of each photo's original, fetched with the photo's own (signed) URL in the page. */
async function originalHashes(page: Page, ids: string[]): Promise<string[]> {
  const photos = await loadedPhotos(page);
  return page.evaluate(
    async (urls) => {
      const out: string[] = [];
      for (const url of urls) {
        const bytes = await (await fetch(url)).arrayBuffer();
        const digest = await crypto.subtle.digest('SHA-256', bytes);
        out.push([...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join(''));
      }
      return out;
    },
    ids.map((id) => photos.get(id)!.untouchedUrl),
  );
}

/** The photos of the first months via the API (the same pages the timeline shows). */
async function loadedPhotos(page: Page): Promise<Map<string, { untouchedUrl: string }>> {
  const timeline = (await pageFetch(page, '/api/photo/users/timeline')).json as {
    timeline: Record<string, Record<string, number>>;
  };
  const months = Object.entries(timeline.timeline)
    .flatMap(([year, byMonth]) =>
      Object.keys(byMonth).map((month) => [Number(year), Number(month)] as const),
    )
    .sort((a, b) => b[0] * 12 + b[1] - (a[0] * 12 + a[1]))
    .slice(0, 3);
  const map = new Map<string, { untouchedUrl: string }>();
  for (const [year, month] of months) {
    const page1 = (
      await pageFetch(
        page,
        `/api/photo/photos/timeline/${year}/${month}?limit=24&sortKey=dateTaken&sortOrder=desc`,
      )
    ).json as {
      images: { imageId: string; untouchedUrl: string }[];
    };
    for (const photo of page1.images) map.set(photo.imageId, photo);
  }
  return map;
}

/** GET from the app's origin with the signed-in token (the page may have left to the editor). */
async function pageFetchFromApp(page: Page, path: string): Promise<unknown> {
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'My photos' })).toBeVisible();
  return (await pageFetch(page, path)).json;
}

test.describe('deleting (own server per test)', () => {
  test('delete is optimistic and the photo is still gone after a reload', async ({
    page,
    openSignedIn,
    freshServer,
  }) => {
    await openSignedIn(page, { ...demoUser, host: hosts.default, server: freshServer });
    await openLibrary(page);
    const photosTab = page.getByRole('tab', { name: /^Photos \([\d,]+\)$/ });
    // Digit-grouped in the page's language: 2,345.
    const before = Number(
      /\(([\d,]+)\)/.exec((await photosTab.textContent())!)![1]!.replace(/,/g, ''),
    );

    // Hold the DELETE so we can see the list change before the server answered.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/photo/photos', async (route) => {
      if (route.request().method() !== 'DELETE') return route.fallback();
      await held;
      return route.fallback();
    });
    await startSelecting(page);
    const id = await clickTile(page, 2);
    await selectionBar(page).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete 1 photo?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.locator(`[data-photo-id="${id}"]`)).toHaveCount(0);
    await expect(photosTab).toHaveText(`Photos (${(before - 1).toLocaleString('en-GB')})`);
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().endsWith('/api/photo/photos'),
    );
    release();
    expect((await answered).status()).toBe(200);

    await page.unroute('**/api/photo/photos');
    await page.reload();
    await expect(tiles(page).first()).toBeVisible();
    await expect(
      page.getByRole('tab', { name: `Photos (${(before - 1).toLocaleString('en-GB')})` }),
    ).toBeVisible();
    await expect(page.locator(`[data-photo-id="${id}"]`)).toHaveCount(0);
  });

  test('a failing delete is retried, then the photo comes back with the message', async ({
    page,
    openSignedIn,
    freshServer,
  }) => {
    await openSignedIn(page, { ...demoUser, host: hosts.default, server: freshServer });
    await openLibrary(page);
    let attempts = 0;
    await page.route('**/api/photo/photos', async (route) => {
      if (route.request().method() !== 'DELETE') return route.fallback();
      attempts += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"statusCode":500,"error":"Internal Server Error","message":"boom"}',
      });
    });
    await startSelecting(page);
    const id = await clickTile(page, 1);
    await selectionBar(page).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete 1 photo?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.locator(`[data-photo-id="${id}"]`)).toHaveCount(0);
    await expect(page.getByText('Error: Your photo could not be deleted')).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.locator(`[data-photo-id="${id}"]`)).toHaveCount(1);
    expect(attempts).toBe(4); // first try and 3 retries
  });

  test(
    'delete all needs the word DELETE typed exactly',
    { tag: LOOKS },
    async ({ page, openSignedIn, freshServer }) => {
      await openSignedIn(page, { ...demoUser, host: hosts.default, server: freshServer });
      await openLibrary(page);
      let deleteAllRequests = 0;
      page.on('request', (r) => {
        if (r.method() === 'DELETE' && r.url().endsWith('/api/photo/photos/all'))
          deleteAllRequests += 1;
      });
      await page.getByRole('button', { name: 'Delete all photos' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete all photos' });
      const input = dialog.getByLabel('Type DELETE to confirm');
      for (const wrong of ['', 'delete', 'DELETE ', 'DELET']) {
        await input.fill(wrong);
        await dialog.getByRole('button', { name: 'Delete all photos' }).click();
        await expect(dialog.getByText('Please type DELETE exactly')).toBeVisible();
        await expect(input).toHaveAttribute('aria-invalid', 'true');
      }
      await snap(page, 'photo-library-delete-all');
      expect(deleteAllRequests).toBe(0);
      await input.fill('DELETE');
      await dialog.getByRole('button', { name: 'Delete all photos' }).click();
      await expect(page.getByText('Your photo library is empty')).toBeVisible({ timeout: 20_000 });
      expect(deleteAllRequests).toBe(1);
      await expect(page.getByRole('tab', { name: 'Photos (0)' })).toBeVisible();
    },
  );
});

test.describe('on a phone', { tag: LOOKS }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header is one bar with a keyboard menu; the photos start on the first screen, sooner once the banner is hidden, and it stays hidden', async ({
    demoPage: page,
  }) => {
    await openLibrary(page);
    const firstTileTop = async () => (await tiles(page).first().boundingBox())!.y;
    // The banner open (a first visit): the first photo is still on the first screen.
    await expect(page.getByTestId('timeline-banner')).toBeVisible();
    expect(await firstTileTop()).toBeLessThan(844);
    await snap(page, 'photo-library-phone-banner', { fullPage: false });

    const heading = page.locator('.page-heading');
    await expect(heading.getByRole('button')).toHaveText(['Add photos', 'More actions']);
    const more = heading.getByRole('button', { name: 'More actions' });
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Order prints',
      'Select',
      'Delete all photos',
      'Date taken (newest first)',
      'Date taken (oldest first)',
      'Date uploaded (newest first)',
      'Date uploaded (oldest first)',
    ]);
    // Escape closes the menu from inside it: wait for the focus to get there first.
    await expect(menu.getByRole('menuitem', { name: 'Order prints' })).toBeFocused();
    await snap(page, 'photo-library-phone-menu', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();
    // Keyboard only: Enter opens it on its first item, the arrows move, Enter chooses.
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Order prints' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Select' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(selectedCount(page)).toHaveText('0 selected');
    await page.keyboard.press('Escape');

    await page.getByTestId('timeline-banner').getByRole('button', { name: 'Hide' }).click();
    const collapsed = page.getByRole('button', { name: 'Your photos, all in one place' });
    await expect(collapsed).toHaveAttribute('aria-expanded', 'false');
    await expect(collapsed).toBeFocused();
    await page.reload();
    await expect(tiles(page).first()).toBeVisible();
    await expect(collapsed).toBeVisible();
    await expect(page.getByTestId('timeline-banner')).toHaveCount(0);
    expect(await firstTileTop()).toBeLessThan(400);
    await snap(page, 'photo-library-phone', { fullPage: false });
  });
});

test.describe('looks', { tag: LOOKS }, () => {
  // Pictures only: every step here is checked by the tests above. npm run test:looks takes them.
  test.skip(!takingPictures, 'takes pictures only: run by npm run test:looks');
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`screenshots at ${viewport.width}x${viewport.height}`, async ({ demoPage: page }) => {
      await page.setViewportSize(viewport);
      await openLibrary(page);
      await snap(page, 'photo-library-timeline', { fullPage: false });
      // A phone has the header's other actions in its 'More actions' menu.
      const headerAction = async (name: string) => {
        if (viewport.width < 575) {
          await page.getByRole('button', { name: 'More actions' }).click();
          await page.getByRole('menuitem', { name }).click();
        } else await page.getByRole('button', { name, exact: true }).click();
      };
      await headerAction('Select');
      await clickTile(page, 0);
      await clickTile(page, 2);
      await snap(page, 'photo-library-select', { fullPage: false });
      await page.keyboard.press('Escape');
      await headerAction('Order prints');
      await clickTile(page, 1);
      await snap(page, 'photo-library-order-prints-mode', { fullPage: false });
      await page
        .getByRole('region', { name: 'Order prints' })
        .getByRole('button', { name: 'Cancel' })
        .click();
      await headerAction('Delete all photos');
      await page
        .getByRole('dialog', { name: 'Delete all photos' })
        .getByLabel('Type DELETE to confirm')
        .fill('nope');
      await page
        .getByRole('dialog', { name: 'Delete all photos' })
        .getByRole('button', { name: 'Delete all photos' })
        .click();
      await snap(page, 'photo-library-delete-all-dialog', { fullPage: false });
    });
  }
});

test.describe('looks in Dutch', { tag: LOOKS }, () => {
  test.use({ brandHost: hosts.albelliNl });
  test('order-prints bar at 390x844: Cancel and the long Next label are whole', async ({
    demoPage: page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${new URL(page.url()).origin}/my-photos/photos`);
    await expect(page.getByRole('heading', { level: 1, name: "Mijn foto's" })).toBeVisible();
    await expect(tiles(page).first()).toBeVisible();
    await page.getByRole('button', { name: 'Meer acties' }).click();
    await page.getByRole('menuitem', { name: 'Afdrukken bestellen' }).click();
    await clickTile(page, 1);
    const bar = page.getByRole('region', { name: 'Afdrukken bestellen' });
    for (const button of [
      bar.getByRole('button', { name: 'Annuleren' }),
      bar.getByRole('button', { name: 'Volgende: 1 fotoafdruk aanpassen' }),
    ]) {
      // Mantine clips a label that does not fit inside its own box: check the button and its parts.
      const fits = await button.evaluate(
        (el) =>
          [el, ...el.querySelectorAll('*')].every(
            (part) => part.scrollWidth <= part.clientWidth + 1,
          ) &&
          el.getBoundingClientRect().left >= 0 &&
          el.getBoundingClientRect().right <= window.innerWidth,
      );
      expect(fits).toBe(true);
    }
    await snap(page, 'photo-library-order-prints-mode-nl', { fullPage: false });
  });
});

test.describe('with reduced motion (an OS setting)', () => {
  test.use({ reducedMotion: 'reduce' });
  test('nothing glides: our transitions and Mantine’s take no time', async ({ demoPage: page }) => {
    await openLibrary(page);
    const image = tiles(page).first().locator('img');
    expect(await image.evaluate((img) => getComputedStyle(img).transitionDuration)).toBe('0s');
    // Mantine's dialogs, menus and toasts follow the theme's respectReducedMotion.
    await expect(page.locator('html')).toHaveAttribute('data-respect-reduced-motion', 'true');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await image.evaluate((img) => getComputedStyle(img).transitionDuration)).toBe('0.12s');
  });
});
