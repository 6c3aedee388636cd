import type { Locator, Page } from '@playwright/test';
import { pageFetch } from '../fixtures/http.ts';
import { LOOKS, snap } from '../fixtures/snap.ts';
import { expect, test } from '../fixtures/test.ts';
import { text } from '../fixtures/locale-texts.ts';
import { demoUser, hosts } from '../fixtures/users.ts';

// The photo library as a customer first meets it: the preview's arrows, select all of a month
// and of the library, history and scroll around the preview, keyboard focus, small screens.

const tiles = (page: Page): Locator => page.getByTestId('photo-tile');
const preview = (page: Page): Locator => page.getByTestId('photo-preview');
const selectedCount = (page: Page): Locator => page.getByTestId('selected-count');
const selectionBar = (page: Page): Locator => page.getByRole('region', { name: 'Selected photos' });

async function openLibrary(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  await page.goto(`${origin}/my-photos/photos`);
  await expect(tiles(page).first()).toBeVisible();
}

type Timeline = Record<string, Record<string, number>>;

async function timelineOf(page: Page): Promise<Timeline> {
  return ((await pageFetch(page, '/api/photo/users/timeline')).json as { timeline: Timeline })
    .timeline;
}

/** Scrolls the timeline down until the month section `key` is rendered and its photos loaded. */
async function scrollToMonth(page: Page, key: string): Promise<Locator> {
  const section = page.locator(`section[data-section="${key}"]`);
  for (let i = 0; i < 200 && (await section.count()) === 0; i += 1) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(60);
  }
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByTestId('photo-tile').first()).toBeVisible();
  return section;
}

test('the preview’s ‹ › buttons page with a mouse click', async ({ demoPage: page }) => {
  await openLibrary(page);
  await tiles(page).nth(1).getByRole('button').first().click();
  await expect(preview(page)).toBeVisible();
  const first = page.url();
  await page.getByRole('button', { name: 'Next photo' }).click();
  await expect(page).not.toHaveURL(first);
  const second = page.url();
  await page.getByRole('button', { name: 'Previous photo' }).click();
  await expect(page).toHaveURL(first);
  await page.getByRole('button', { name: 'Next photo' }).click();
  await expect(page).toHaveURL(second);
});

test('a month’s select-all takes every photo of the month, loaded or not, and the bar says so', async ({
  demoPage: page,
}) => {
  await openLibrary(page);
  const timeline = await timelineOf(page);
  // The newest month with more photos than one section page shows (24) and at most 100.
  const [key, count] = Object.entries(timeline)
    .flatMap(([year, months]) =>
      Object.entries(months).map(([month, n]) => [`${year}-${month}`, n] as const),
    )
    .filter(([, n]) => n > 24 && n <= 100)
    .sort(([a], [b]) => {
      const value = (k: string) => Number(k.split('-')[0]) * 12 + Number(k.split('-')[1]);
      return value(b) - value(a);
    })[0]!;
  const section = await scrollToMonth(page, key);
  // Only the first 24 are on screen, with the '+N' tile for the rest.
  await expect(section.getByTestId('photo-tile')).toHaveCount(24);
  await section.getByRole('button', { name: /^Select all photos of / }).click();
  await expect(selectedCount(page)).toHaveText(`${count} selected`);
  await expect(section.getByRole('button', { name: /^Deselect all photos of / })).toBeVisible();
  // At most 100: Download stays enabled.
  await expect(selectionBar(page).getByRole('button', { name: 'Download' })).toBeEnabled();
  // One photo out: one fewer, and the month is no longer all selected.
  await section.getByTestId('photo-tile').first().getByRole('button').first().click();
  await expect(selectedCount(page)).toHaveText(`${count - 1} selected`);
  await expect(section.getByRole('button', { name: /^Select all photos of / })).toBeVisible();
});

test.describe('deleting everything (own server)', () => {
  test('Select all of the whole library, then Delete, deletes every photo', async ({
    page,
    openSignedIn,
    freshServer,
  }) => {
    test.setTimeout(180_000);
    await openSignedIn(page, { ...demoUser, host: hosts.default, server: freshServer });
    await openLibrary(page);
    const total = ((await pageFetch(page, '/api/photo/users')).json as { photosCount: number })
      .photosCount;
    expect(total).toBeGreaterThan(1000);
    const deletes: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE' && /\/api\/photo\/photos$/.test(request.url()))
        deletes.push((request.postDataJSON() as { photoIds: string[] }).photoIds.length);
    });
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('button', { name: 'Select all', exact: true }).click();
    await expect(selectedCount(page)).toHaveText(`${total.toLocaleString('en-GB')} selected`);
    await selectionBar(page).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', {
      name: `Delete ${total.toLocaleString('en-GB')} photos?`,
    });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(
        async () =>
          ((await pageFetch(page, '/api/photo/users')).json as { photosCount: number }).photosCount,
        { timeout: 120_000 },
      )
      .toBe(0);
    // In batches of 100 (the batched, retried delete), every photo once.
    expect(Math.max(...deletes)).toBeLessThanOrEqual(100);
    expect(deletes.reduce((sum, n) => sum + n, 0)).toBe(total);
    await page.reload();
    await expect(page.getByText('Your photo library is empty')).toBeVisible();
  });
});

test('closing the preview adds no history entry: one Back leaves My photos', async ({
  demoPage: page,
}) => {
  const origin = new URL(page.url()).origin;
  await page.goto(`${origin}/my-photos/albums`);
  await expect(page.getByTestId('albums-grid')).toBeVisible();
  await page.getByRole('tab', { name: /^Photos/ }).click();
  await expect(page).toHaveURL(/\/my-photos\/photos$/);
  await expect(tiles(page).first()).toBeVisible();
  for (let i = 0; i < 3; i += 1) {
    await tiles(page).nth(i).getByRole('button').first().click();
    await expect(preview(page)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await expect(preview(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/my-photos\/photos$/);
  }
  await page.goBack();
  await expect(page).toHaveURL(/\/my-photos\/albums$/);
});

test('after Back and Forward, closing the preview returns to the same scroll position and focus', async ({
  demoPage: page,
}) => {
  await openLibrary(page);
  const timeline = await timelineOf(page);
  // A July a few years down the page, with a full row of photos.
  const year = Object.keys(timeline)
    .filter((y) => (timeline[y]!['7'] ?? 0) >= 6)
    .sort()
    .at(-2)!;
  const july = await scrollToMonth(page, `${year}-7`);
  await page.evaluate(() => window.scrollBy(0, -120));
  await page.waitForTimeout(300);
  const saved = await page.evaluate(() => Math.round(window.scrollY));
  expect(saved).toBeGreaterThan(1000);
  const tile = july.getByTestId('photo-tile').nth(2);
  const photoId = (await tile.getAttribute('data-photo-id'))!;
  await tile.getByRole('button').first().click();
  await expect(preview(page)).toBeVisible();
  // Focus moved into the preview.
  await expect
    .poll(() =>
      page.evaluate(() => !!document.activeElement?.closest('[data-testid="photo-preview"]')),
    )
    .toBe(true);
  await page.goBack();
  await expect(preview(page)).toHaveCount(0);
  await page.goForward();
  await expect(preview(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview(page)).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 5_000 })
    .toBeGreaterThan(saved - 10);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - saved)).toBeLessThanOrEqual(10);
  // Focus is back on the tile that opened the preview.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (document.activeElement?.closest('[data-photo-id]') as HTMLElement | null)?.dataset
            .photoId ?? null,
      ),
    )
    .toBe(photoId);
});

test('keyboard: arrows move between tiles, Enter opens, Escape returns focus to the tile', async ({
  demoPage: page,
}) => {
  await openLibrary(page);
  const first = tiles(page).first().getByRole('button').first();
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const focusedId = await page.evaluate(
    () => (document.activeElement?.closest('[data-photo-id]') as HTMLElement).dataset.photoId!,
  );
  // Second column, second row of the first month (6 columns at 1280 px).
  expect(focusedId).toBe(await tiles(page).nth(7).getAttribute('data-photo-id'));
  await page.keyboard.press('Enter');
  await expect(preview(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview(page)).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (document.activeElement?.closest('[data-photo-id]') as HTMLElement | null)?.dataset
            .photoId,
      ),
    )
    .toBe(focusedId);
  // Space selects in place; one tile is the tab stop.
  await page.keyboard.press(' ');
  await expect(selectedCount(page)).toHaveText('1 selected');
  expect(await page.locator('[data-photo-id] > button[tabindex="0"]').count()).toBeLessThanOrEqual(
    await page.locator('section[data-section]').count(),
  );
});

test('a dialog gives focus back to the button that opened it', async ({ demoPage: page }) => {
  await openLibrary(page);
  const deleteAll = page.getByRole('button', { name: 'Delete all photos' });
  await deleteAll.click();
  const dialog = page.getByRole('dialog', { name: 'Delete all photos' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(deleteAll).toBeFocused();
});

test('the first Escape after clicking a toolbar icon closes the preview', async ({
  demoPage: page,
}) => {
  const origin = new URL(page.url()).origin;
  await page.goto(`${origin}/my-photos/albums`);
  await page.getByTestId('shared-albums-grid').getByText('Wedding of Sam & Alex').click();
  await tiles(page).first().getByRole('button').first().click();
  await expect(preview(page)).toBeVisible();
  // Copy is unavailable in a shared album: clicking it shows its tooltip.
  await preview(page).getByRole('button', { name: 'Copy to album' }).click({ force: true });
  await expect(page.getByRole('tooltip', { name: 'Unavailable for shared albums' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/my-photos\/shared-albums\/[^/]+$/);
});

test('a key pressed before the preview’s code has loaded is not lost', async ({
  demoPage: page,
}) => {
  await openLibrary(page);
  // The preview's route loads on demand: hold its code back for a second.
  await page.route(/\/assets\/photo-preview-page-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const listUrl = page.url();
  await tiles(page).first().getByRole('button').first().click();
  await page.keyboard.press('Escape');
  await expect(preview(page)).toHaveCount(0, { timeout: 10_000 });
  await expect(page).toHaveURL(listUrl);
  // Closed by that Escape: it never stays open.
  await page.waitForTimeout(2000);
  await expect(preview(page)).toHaveCount(0);
});

// One brand host per locale (pt-PT's only host, hofmann-pt, has the photo views switched off).
const LOCALE_HOSTS = [
  ['photobox-uk.localhost', 'en-GB'],
  ['photobox-it.localhost', 'it-IT'],
  ['photobox-dk.localhost', 'da-DK'],
  ['photobox-no.localhost', 'nb-NO'],
  ['hofmann-es.localhost', 'es-ES'],
  ['albelli-nl.localhost', 'nl-NL'],
  ['albelli-be.localhost', 'nl-BE'],
  ['albelli-at.localhost', 'de-AT'],
  ['albelli-fr.localhost', 'fr-FR'],
  ['albelli-se.localhost', 'sv-SE'],
] as const;

const SCREENS = [
  ...LOCALE_HOSTS.map(([host, locale]) => [host, locale, 320] as const),
  [hosts.albelliNl, 'nl-NL', 390] as const,
  [hosts.hofmannEs, 'es-ES', 390] as const,
];

for (const [host, name, width] of SCREENS) {
  test.describe(`${name} at ${width} px`, { tag: LOOKS }, () => {
    test.use({ viewport: { width, height: 844 }, brandHost: host });

    test('the selection bars, the header, the delete-all dialog and the album sort fit the screen', async ({
      demoPage: page,
    }) => {
      await openLibrary(page);
      const heading = page.locator('.page-heading');
      await expectInside(page, heading.getByRole('button'));
      // On a phone the header's other actions are in its menu, the heading's last button.
      const headerAction = async (action: 'deleteAll' | 'select') => {
        await heading.getByRole('button').last().click();
        await expect(page.getByRole('menu')).toBeVisible();
        await expectInside(page, page.getByRole('menuitem'));
        await page.locator(`[role="menuitem"][data-action="${action}"]`).click();
      };
      await headerAction('deleteAll');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expectInside(page, dialog.getByRole('button'));
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await headerAction('select');
      await tiles(page).nth(0).getByRole('button').first().click();
      const bar = page.getByRole('toolbar');
      await expect(bar).toBeVisible();
      await expectInside(page, bar.getByRole('button'));
      // The count is hidden on a phone: no empty line above the actions.
      const emptyLine = await bar.evaluate(
        (toolbar) =>
          toolbar.querySelector('button')!.getBoundingClientRect().top -
          toolbar.getBoundingClientRect().top,
      );
      expect(emptyLine).toBeLessThan(1);
      await expectInside(page, heading.getByRole('button'));
      if (width === 390) await snap(page, `photo-faults-selection-${name}`);
      const origin = new URL(page.url()).origin;
      await page.goto(`${origin}/my-photos/albums`);
      await page.getByTestId('albums-grid').getByText('Pets', { exact: true }).click();
      await expect(tiles(page).first()).toBeVisible();
      const sort = page.getByTestId('album-sort');
      await expectInside(page, sort);
      // The field shows its whole value.
      const clipped = await sort.evaluate(
        (input: HTMLInputElement) => input.scrollWidth > input.clientWidth + 1,
      );
      expect(clipped, 'the sort field’s text is cut off').toBe(false);
      if (width === 390) await snap(page, `photo-faults-album-${name}`);
      // An album's bar has Cancel, the count and 'Remove from album', the longest of the actions.
      await page.getByRole('button', { name: text(name, 'albums.select'), exact: true }).click();
      await tiles(page).nth(0).getByRole('button').first().click();
      await expect(bar.getByRole('button')).toHaveCount(4);
      await expectInside(page, bar.getByRole('button'));
      if (width === 390) await snap(page, `photo-faults-album-selection-${name}`);
    });
  });
}

/** Every element of `locator` is fully inside the viewport's width. */
async function expectInside(page: Page, locator: Locator): Promise<void> {
  const width = page.viewportSize()!.width;
  const boxes = await locator.evaluateAll((elements) =>
    elements
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .map((element) => {
        const box = element.getBoundingClientRect();
        return { text: element.textContent?.trim() ?? '', left: box.left, right: box.right };
      }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.left, `'${box.text}' starts off-screen`).toBeGreaterThanOrEqual(0);
    // Half a pixel of sub-pixel layout is not off-screen.
    expect(box.right, `'${box.text}' ends off-screen`).toBeLessThanOrEqual(width + 1);
  }
}
