import type { CDPSession, Page } from '@playwright/test';
import { pageFetch } from '../fixtures/http.ts';
import { LOOKS, snap } from '../fixtures/snap.ts';
import { expect, test } from '../fixtures/test.ts';

// The full-screen photo preview (keys, gestures, query flags, scroll restore).

const albumPhotos = (page: Page) => page.getByTestId('photo-tile');

async function openAlbum(page: Page, port: number, name: string): Promise<string> {
  await page.goto(`http://localhost:${port}/my-photos/albums`);
  await page.getByTestId('albums-grid').getByText(name, { exact: true }).click();
  await expect(albumPhotos(page).first()).toBeVisible();
  return new URL(page.url()).pathname;
}

/** A one-finger swipe through the DevTools protocol (Playwright has no swipe API). */
async function swipe(
  cdp: CDPSession,
  from: [number, number],
  to: [number, number],
  steps = 8,
): Promise<void> {
  const point = (x: number, y: number) => [{ x, y, id: 1, radiusX: 2, radiusY: 2, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(...from) });
  for (let i = 1; i <= steps; i += 1) {
    const x = from[0] + ((to[0] - from[0]) * i) / steps;
    const y = from[1] + ((to[1] - from[1]) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/**
 * Two taps 100 ms apart by their event times (the viewer compares those), so a busy machine that
 * delivers them later still sends a double tap.
 */
async function doubleTap(cdp: CDPSession, x: number, y: number): Promise<void> {
  const point = [{ x, y, id: 1, radiusX: 2, radiusY: 2, force: 1 }];
  const start = Date.now() / 1000;
  for (const at of [0, 0.1]) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: point,
      timestamp: start + at,
    });
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchEnd',
      touchPoints: [],
      timestamp: start + at + 0.03,
    });
  }
}

test('closing the preview returns to the same scroll position and keeps the query string', async ({
  demoPage: page,
  server,
}) => {
  const albumPath = await openAlbum(page, server.port, 'Family');
  // The list is virtualised: all 150 photos arrive in one page, the rows near the viewport render.
  const photosPage = page.waitForResponse((response) =>
    /\/api\/photo\/albums\/[^/]+\/photos\?/.test(response.url()),
  );
  await page.goto(`http://localhost:${server.port}${albumPath}?hideHeaderNav=false&utm=x`);
  expect(((await (await photosPage).json()) as { images: unknown[] }).images).toHaveLength(150);
  await expect(albumPhotos(page).first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 1400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1300);
  // Where the list is when the photo is clicked: rows measured after the scroll can still move
  // it (the browser keeps the content in place), and the customer returns to what they saw.
  await page.evaluate(() =>
    window.addEventListener(
      'click',
      () => document.documentElement.setAttribute('data-scroll-at-click', String(window.scrollY)),
      { capture: true, once: true },
    ),
  );
  // The photo at the middle of the viewport. The virtualiser renders the rows of the new
  // position on its next render after the scroll (later on a busy machine): until then only the
  // rows of the old position exist, all above the viewport, and clicking one would scroll back up.
  let middle = '';
  await expect
    .poll(async () => {
      middle = await page.evaluate(() => {
        const distance = (tile: Element) => {
          const box = tile.getBoundingClientRect();
          return Math.hypot(
            box.x + box.width / 2 - innerWidth / 2,
            box.y + box.height / 2 - innerHeight / 2,
          );
        };
        const tiles = [...document.querySelectorAll<HTMLElement>('[data-testid="photo-tile"]')];
        const nearest = tiles.sort((a, b) => distance(a) - distance(b))[0];
        // Within a tile's size of the middle: a tile of the rows at the new position.
        return nearest && distance(nearest) < nearest.offsetHeight ? nearest.dataset.photoId! : '';
      });
      return middle;
    })
    .not.toBe('');
  await page.locator(`[data-photo-id="${middle}"]`).click();
  await expect(page.getByTestId('photo-preview')).toBeVisible();
  const saved = Number(await page.locator('html').getAttribute('data-scroll-at-click'));
  expect(saved, 'the list was scrolled well down when the photo was opened').toBeGreaterThan(1000);
  expect(new URL(page.url()).search).toBe('?hideHeaderNav=false&utm=x');
  await page.keyboard.press('ArrowRight');
  expect(new URL(page.url()).search).toBe('?hideHeaderNav=false&utm=x');
  await page.getByTestId('preview-back').click();
  await expect(page).toHaveURL(
    `http://localhost:${server.port}${albumPath}?hideHeaderNav=false&utm=x`,
  );
  await expect
    .poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 })
    .toBeGreaterThan(saved - 5);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - saved)).toBeLessThanOrEqual(5);
});

test(
  'an unknown photo id redirects to the list; query flags are honoured',
  { tag: LOOKS },
  async ({ demoPage: page, server }) => {
    const albumPath = await openAlbum(page, server.port, 'Pets');
    await page.goto(
      `http://localhost:${server.port}${albumPath}/preview/00000000-0000-4000-8000-000000000000`,
    );
    await expect(page).toHaveURL(`http://localhost:${server.port}${albumPath}`);

    await albumPhotos(page).first().click();
    const previewPath = new URL(page.url()).pathname;
    await page.goto(
      `http://localhost:${server.port}${previewPath}?hideHeaderNav=true&uploadUrl=${encodeURIComponent('javascript:alert(1)')}`,
    );
    await expect(page.getByTestId('photo-preview')).toBeVisible();
    await expect(page.getByTestId('preview-back')).toHaveCount(0);
    await expect(page.getByTestId('preview-upload-link')).toHaveCount(0);
    await page.goto(
      `http://localhost:${server.port}${previewPath}?uploadUrl=${encodeURIComponent('https://upload.example.com/a')}`,
    );
    await expect(page.getByTestId('preview-upload-link')).toHaveAttribute(
      'href',
      'https://upload.example.com/a',
    );
    await expect(page.getByTestId('preview-back')).toBeVisible();
    // No header or footer on preview routes.
    await expect(page.getByRole('navigation', { name: 'Account menu' })).toHaveCount(0);
    await expect(page.getByRole('img', { name: /^Photo / })).toHaveAttribute('src', /1300/);
    await snap(page, 'preview');
  },
);

test('the timeline preview reads the library from the photo’s month: across months both ways, after a reload too, Escape closes it', async ({
  demoPage: page,
  server,
}) => {
  // Opened from the timeline, the preview reads month pages from the photo's month on, never the
  // flat list from its start (which, for a photo of years ago in a large library, took minutes).
  const flatListRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/photo/photos')
      flatListRequests.push(request.url());
  });
  await page.goto(`http://localhost:${server.port}/my-photos/photos`);
  const months = page.locator('section[data-section]');
  await months.nth(1).scrollIntoViewIfNeeded();
  await expect(months.nth(1).getByTestId('photo-tile').first()).toBeVisible();
  const [newest, second] = await Promise.all(
    [0, 1].map((i) => months.nth(i).getAttribute('data-section')),
  );
  const monthIds = async (key: string) => {
    const [year, month] = key.split('-');
    const result = await pageFetch(
      page,
      `/api/photo/photos/timeline/${year}/${month}?limit=500&sortKey=dateTaken&sortOrder=desc`,
    );
    return (result.json as { images: { imageId: string }[] }).images.map((p) => p.imageId);
  };
  const newestIds = await monthIds(newest!);
  const secondIds = await monthIds(second!);

  await months.nth(1).getByTestId('photo-tile').first().getByRole('button').first().click();
  await expect(page).toHaveURL(new RegExp(`/preview/${secondIds[0]}`));
  await expect(page.getByTestId('photo-preview')).toBeVisible();
  // The first photo of its month: the previous one is the newer month's last.
  await expect(page.getByRole('button', { name: 'Previous photo' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(new RegExp(`/preview/${newestIds.at(-1)}`));
  // A reload reads from the month of the photo shown.
  await page.reload();
  await expect(page.getByTestId('photo-preview')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next photo' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`/preview/${secondIds[0]}`));
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`/preview/${secondIds[1]}`));
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/my-photos\/photos$/);
  expect(flatListRequests).toEqual([]);
});

test.describe('touch', { tag: LOOKS }, () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('swipe moves to the next photo and swipe-down closes the preview', async ({
    demoPage: page,
    server,
  }) => {
    const albumPath = await openAlbum(page, server.port, 'Pets');
    await albumPhotos(page).first().click();
    // Swipes act on the preview's own photo list: wait until it knows a next photo.
    await expect(page.getByTestId('photo-preview')).toHaveAttribute('data-has-next', 'true');
    await snap(page, 'preview-touch');
    const first = page.url();
    const cdp = await page.context().newCDPSession(page);

    // A short slow drag (under 35 % of the width) snaps back.
    await swipe(cdp, [250, 420], [200, 420], 12);
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(first);

    await swipe(cdp, [340, 420], [60, 420]);
    await expect(page).not.toHaveURL(first);
    await expect(page).toHaveURL(/\/preview\//);

    // Double tap zooms in, double tap again zooms out.
    const stage = page.getByTestId('preview-stage');
    await doubleTap(cdp, 195, 420);
    await expect(stage).toHaveAttribute('data-scale', '2.5');
    await page.waitForTimeout(400);
    await doubleTap(cdp, 195, 420);
    await expect(stage).toHaveAttribute('data-scale', '1');

    await swipe(cdp, [195, 250], [195, 700]);
    await expect(page).toHaveURL(`http://localhost:${server.port}${albumPath}`);
  });
});
