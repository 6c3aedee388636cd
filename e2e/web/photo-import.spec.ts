import { expect, test } from '../fixtures/test.ts';
import { brandUrlFor } from '../fixtures/auth.ts';
import { pageFetch } from '../fixtures/http.ts';
import { LOOKS, snap, takingPictures } from '../fixtures/snap.ts';
import { businessUser, hosts } from '../fixtures/users.ts';

// The photo import (activation) panel on My photos, against the real server: the seeded business
// user starts NOT_ACTIVE with legacy photos waiting.

test(
  'the business user imports from NOT_ACTIVE to ACTIVE through the websocket; the photos appear without a reload',
  { tag: LOOKS },
  async ({ page, openSignedIn, launchServer }) => {
    test.setTimeout(90_000);
    const server = await launchServer({ seed: true, env: { ACTIVATION_IMPORT_DELAY_MS: '300' } });
    await openSignedIn(page, { server, ...businessUser, host: hosts.default });
    const framesSent: string[] = [];
    const framesReceived: string[] = [];
    page.on('websocket', (socket) => {
      socket.on('framesent', (frame) => framesSent.push(String(frame.payload)));
      socket.on('framereceived', (frame) => framesReceived.push(String(frame.payload)));
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(brandUrlFor(server.port, hosts.default, '/my-photos'));
    const before = (await pageFetch(page, '/api/photo/users')).json as {
      photosCount: number;
      status: string;
    };
    expect(before.status).toBe('NOT_ACTIVE');

    const panel = page.getByRole('region', { name: 'Photos from your earlier orders' });
    await expect(panel).toBeVisible();
    await snap(page, 'photo-import-not-started');
    await panel.getByRole('button', { name: 'Start import' }).click();
    await expect(panel.getByText(/^\d+ of \d+ photos imported$/)).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    await snap(page, 'photo-import-importing');
    const loadsBefore = loads;

    // Finished, then 10 s later the status again: ACTIVE, and the photos are in the library.
    await expect(
      panel.getByText(/^Import finished: \d+ photos were added to My photos\.$/),
    ).toBeVisible({ timeout: 45_000 });
    const after = (await pageFetch(page, '/api/photo/users')).json as {
      photosCount: number;
      status: string;
    };
    expect(after.status).toBe('ACTIVE');
    expect(after.photosCount).toBeGreaterThan(before.photosCount);
    await expect(page.getByRole('main').getByRole('img').first()).toBeVisible();
    expect(loads).toBe(loadsBefore);

    // The socket authenticated with the access token; the server's OK and the import messages came.
    expect(framesSent.some((frame) => JSON.parse(frame).action === 'authenticate')).toBe(true);
    expect(framesReceived).toContain('OK');
    expect(framesReceived.some((frame) => frame.includes('"import finished"'))).toBe(true);
    await snap(page, 'photo-import-done');
  },
);

test.describe('looks', { tag: LOOKS }, () => {
  // Pictures only (the panel's journey is checked above): npm run test:looks takes them.
  test.skip(!takingPictures, 'takes pictures only: run by npm run test:looks');
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    for (const locale of ['en-GB', 'nl-NL']) {
      test(`import panel at ${viewport.width}x${viewport.height} in ${locale}`, async ({
        page,
        openSignedIn,
        server,
      }) => {
        await page.setViewportSize(viewport);
        const host = locale === 'nl-NL' ? hosts.albelliNl : hosts.default;
        await openSignedIn(page, { ...businessUser, host });
        await page.goto(brandUrlFor(server.port, host, '/my-photos'));
        const title =
          locale === 'nl-NL'
            ? "Foto's van je eerdere bestellingen"
            : 'Photos from your earlier orders';
        await expect(page.getByRole('region', { name: title })).toBeVisible();
        await snap(page, `photo-import-panel-${locale}`);
      });
    }
  }
});
