import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from '../fixtures/test.ts';
import { brandUrlFor } from '../fixtures/auth.ts';
import { pageFetch } from '../fixtures/http.ts';
import { text } from '../fixtures/locale-texts.ts';
import { LOOKS, snap } from '../fixtures/snap.ts';
import { demoUser, hosts } from '../fixtures/users.ts';

// After 'Add photos' into an album, a phone tries the brand's mobile app with album_id and stays
// on the album when no app takes over within 2 s (docs/product.md#upload). The development
// brands photobox-uk and albelli-nl have an app link of a custom scheme; Chromium reports the
// attempt as a request for that URL (aborted: no app is registered), which is what is observed.

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const FALLBACK_MS = 2000;

/** Requests for anything but the web's own schemes: attempts to hand over to an app. */
function watchAppLinks(page: Page): string[] {
  const attempts: string[] = [];
  page.on('request', (request) => {
    const scheme = new URL(request.url()).protocol;
    if (!['http:', 'https:', 'ws:', 'wss:', 'data:', 'blob:'].includes(scheme))
      attempts.push(request.url());
  });
  return attempts;
}

/** A JPEG of its own colour, so no two tests send the same bytes. */
function jpeg(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: { r: (seed * 41) % 256, g: (seed * 83) % 256, b: (seed * 29) % 256 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The viewport as the customer sees it. */
const shoot = (page: Page, name: string) => snap(page, name, { fullPage: false });

interface Flow {
  port: number;
  host: string;
  locale: 'en-GB' | 'nl-NL';
  seed: number;
  /** Screenshot name prefix; none: no screenshots. */
  shots?: string;
}

/** Signed in on `host`: a new album, one photo chosen and confirmed; resolves once the dialog closed. */
async function addPhotoToNewAlbum(page: Page, flow: Flow) {
  const created = await pageFetch(page, '/api/photo/albums', {
    method: 'POST',
    body: { name: `App hand-over ${flow.seed}` },
  });
  expect(created.status).toBe(201);
  const albumId = (created.json as { albumId: string }).albumId;
  const albumPath = `/my-photos/albums/${albumId}`;
  await page.goto(brandUrlFor(flow.port, flow.host, albumPath));
  const addPhotos = text(flow.locale, 'photos.upload.title');
  await page.getByRole('button', { name: addPhotos }).first().click();
  const dialog = page.getByRole('dialog', { name: addPhotos });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: text(flow.locale, 'photos.upload.pick') }).click();
  const fileName = `phone-${flow.seed}.jpg`;
  await (
    await chooser
  ).setFiles({ name: fileName, mimeType: 'image/jpeg', buffer: await jpeg(flow.seed) });
  await expect(dialog.getByText(fileName)).toBeVisible();
  if (flow.shots) await shoot(page, `${flow.shots}-1-chosen`);
  await dialog.getByRole('button', { name: text(flow.locale, 'photos.upload.confirm') }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  return { albumId, albumPath, fileName };
}

async function expectPhotoOnAlbum(page: Page, albumPath: string, fileName: string) {
  expect(new URL(page.url()).pathname).toBe(albumPath);
  const thumbnail = page.getByRole('main').getByRole('img', { name: fileName }).first();
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
}

test.describe('on a phone', { tag: LOOKS }, () => {
  test.use(phone);

  for (const { locale, host, link } of [
    { locale: 'en-GB', host: hosts.photoboxUk, link: 'photobox://upload?album_id=' },
    {
      locale: 'nl-NL',
      host: hosts.albelliNl,
      // The brand's link has a query of its own; album_id joins it.
      link: 'albelli://upload?source=my-account&album_id=',
    },
  ] as const) {
    test(`${host} tries its app with album_id, then keeps the customer on the album (${locale})`, async ({
      page,
      server,
      openSignedIn,
    }) => {
      await openSignedIn(page, { ...demoUser, host });
      const attempts = watchAppLinks(page);
      const appLink = page.waitForRequest((request) =>
        request.url().startsWith(link.split('?')[0]!),
      );
      const seed = locale === 'en-GB' ? 11 : 12;
      const { albumId, albumPath, fileName } = await addPhotoToNewAlbum(page, {
        port: server.port,
        host,
        locale,
        seed,
        shots: `upload-mobile-app-${locale}`,
      });
      const tried = await appLink;
      expect(tried.url()).toBe(`${link}${albumId}`);
      expect(attempts).toEqual([`${link}${albumId}`]);
      await shoot(page, `upload-mobile-app-${locale}-2-tried`);

      // No app took over: past the fallback the customer is on the album with the photo.
      await page.waitForTimeout(FALLBACK_MS + 500);
      await expectPhotoOnAlbum(page, albumPath, fileName);
      expect(attempts).toHaveLength(1);
      await shoot(page, `upload-mobile-app-${locale}-3-fallback`);
    });
  }

  test('a brand without an app link never tries one', async ({ page, server, openSignedIn }) => {
    await openSignedIn(page, { ...demoUser, host: hosts.default });
    const attempts = watchAppLinks(page);
    const { albumPath, fileName } = await addPhotoToNewAlbum(page, {
      port: server.port,
      host: hosts.default,
      locale: 'en-GB',
      seed: 13,
    });
    await page.waitForTimeout(FALLBACK_MS + 500);
    await expectPhotoOnAlbum(page, albumPath, fileName);
    expect(attempts).toEqual([]);
  });
});

// A mouse-driven window, wide or as narrow as a phone, stays on the web.
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a desktop browser at ${viewport.width} px never tries the app, even on a brand that has one`, async ({
    page,
    server,
    openSignedIn,
  }) => {
    await page.setViewportSize(viewport);
    await openSignedIn(page, { ...demoUser, host: hosts.photoboxUk });
    const attempts = watchAppLinks(page);
    const { albumPath, fileName } = await addPhotoToNewAlbum(page, {
      port: server.port,
      host: hosts.photoboxUk,
      locale: 'en-GB',
      seed: viewport.width === 1280 ? 14 : 15,
    });
    await page.waitForTimeout(FALLBACK_MS + 500);
    await expectPhotoOnAlbum(page, albumPath, fileName);
    expect(attempts).toEqual([]);
  });
}
