import type { Locator, Page, Request } from '@playwright/test';
import { LOOKS, snap } from '../fixtures/snap.ts';
import { expect, test } from '../fixtures/test.ts';
import { demoUser, friendUser, hosts } from '../fixtures/users.ts';

// Albums, the create and copy-to-album modals, the album page and shared albums, on the
// seeded server (texts are the spec's en-GB ones, on plain localhost).

const albumsUrl = '/my-photos/albums';

/** POST /api/photo/albums requests made by the page (validation must send none). */
function recordAlbumCreates(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/photo/albums')
      seen.push(request);
  });
  return seen;
}

/** Selects the first `count` timeline photos after `skip` (select mode must be on). */
async function selectTimelinePhotos(page: Page, count: number, skip = 0): Promise<void> {
  const tiles = page.getByTestId('photo-tile');
  for (let i = skip; i < skip + count; i += 1)
    await tiles.nth(i).getByRole('button').first().click();
  await expect(page.getByTestId('selected-count')).toHaveText(`${count} selected`);
}

async function startTimelineSelection(page: Page): Promise<void> {
  await page.goto(`http://localhost:${new URL(page.url()).port}/my-photos/photos`);
  await expect(page.getByTestId('photo-tile').first()).toBeVisible();
  await page.getByRole('button', { name: 'Select', exact: true }).click();
}

const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });
const albumPhotos = (page: Page): Locator => page.getByTestId('photo-tile');

test(
  'create an album from a timeline selection, rename it, copy more photos, preview, remove and delete it',
  { tag: LOOKS },
  async ({ page, openSignedIn, freshServer }) => {
    test.setTimeout(120_000);
    await openSignedIn(page, { ...demoUser, host: hosts.default, server: freshServer });
    const creates = recordAlbumCreates(page);

    await startTimelineSelection(page);
    await selectTimelinePhotos(page, 3);
    await page.getByRole('button', { name: 'Copy to album' }).click();
    const copy = page.getByRole('dialog');
    await expect(copy.getByText('Copy to album', { exact: true })).toBeVisible();
    await expect(copy.getByText('3 photos selected')).toBeVisible();
    // The viewport only: the virtualised timeline is far too tall for a full-page picture.
    await snap(page, 'albums-copy-modal', { fullPage: false });

    await copy.getByRole('button', { name: 'New album' }).click();
    const create = dialog(page, 'Create new album');
    await expect(create).toBeVisible();
    const name = create.getByPlaceholder('Untitled album');
    const submit = create.getByRole('button', { name: 'Create album' });

    // Validation on submit only: nothing while typing, the exact messages, nothing sent.
    await submit.click();
    await expect(create.getByText('Please give your album a name')).toBeVisible();
    await name.fill('a<b');
    await expect(create.getByText('Please give your album a name')).toBeVisible();
    await submit.click();
    await expect(create.getByText('Name not valid')).toBeVisible();
    await name.fill('   ');
    await submit.click();
    await expect(create.getByText('Name not valid')).toBeVisible();
    await snap(page, 'albums-create-inline-invalid', { fullPage: false });
    expect(creates, 'invalid names must not reach the server').toHaveLength(0);

    await name.fill('E2E trip');
    await submit.click();
    const toastLink = page.getByRole('link', { name: 'E2E trip' });
    await expect(page.getByText('Photos copied to')).toBeVisible();
    expect(creates).toHaveLength(1);
    await toastLink.click();
    await expect(page).toHaveURL(/\/my-photos\/albums\/[0-9a-f-]{36}$/);
    const albumPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: 'E2E trip', level: 1 })).toBeVisible();
    await expect(albumPhotos(page)).toHaveCount(3);
    await expect(page.getByTestId('album-info')).toHaveText('Created today · 3 photos');

    // Rename with the same rules.
    await page.getByRole('button', { name: 'Rename album' }).click();
    const field = page.getByLabel('Album name');
    // The pencil is gone: focus is in the field.
    await expect(field).toBeFocused();
    await field.fill('trip;1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Name not valid')).toBeVisible();
    await field.fill('E2E renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'E2E renamed', level: 1 })).toBeVisible();
    // Escape cancels the inline rename and gives focus back to the pencil.
    await page.getByRole('button', { name: 'Rename album' }).click();
    await page.getByLabel('Album name').fill('Never saved');
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Album name')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'E2E renamed', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rename album' })).toBeFocused();

    // Copy two more photos into it from the timeline.
    await startTimelineSelection(page);
    await selectTimelinePhotos(page, 2, 3);
    await page.getByRole('button', { name: 'Copy to album' }).click();
    await page
      .getByRole('dialog')
      .getByTestId('album-tile')
      .filter({ hasText: 'E2E renamed' })
      .click();
    await expect(page.getByText('Photos copied to')).toBeVisible();
    await page.goto(`http://localhost:${freshServer.port}${albumPath}`);
    await expect(albumPhotos(page)).toHaveCount(5);
    await snap(page, 'albums-album-page');

    // Preview: arrow keys, double-click zoom, delete from album, Escape back to the album.
    await albumPhotos(page).nth(1).click();
    await expect(page.getByTestId('photo-preview')).toBeVisible();
    const second = page.url();
    await page.keyboard.press('ArrowRight');
    await expect(page).not.toHaveURL(second);
    const third = page.url();
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(second);
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(third);
    const stage = page.getByTestId('preview-stage');
    await stage.dblclick();
    await expect(stage).toHaveAttribute('data-scale', '2.5');
    await stage.dblclick();
    await expect(stage).toHaveAttribute('data-scale', '1');
    await snap(page, 'preview-album');

    await page.getByRole('button', { name: 'Delete from album' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this photo from the album?' });
    await confirm.getByRole('button', { name: 'Delete from album' }).click();
    await expect(page.getByText('Photo removed from E2E renamed')).toBeVisible();
    // docs/product.md#screens: after a delete the previous photo shows.
    await expect(page).toHaveURL(second);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`${albumPath}$`));
    await expect(albumPhotos(page)).toHaveCount(4);

    // Delete the album: back to the list with a toast, the tile is gone.
    await page.getByRole('button', { name: 'Delete album' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete this album?' });
    await expect(deleteDialog).toContainText('Its photos stay in your photo library');
    await deleteDialog.getByRole('button', { name: 'Delete album' }).click();
    await expect(page).toHaveURL(new RegExp(`${albumsUrl}$`));
    await expect(page.getByText('Album "E2E renamed" deleted')).toBeVisible();
    await expect(page.getByTestId('albums-grid').getByText('E2E renamed')).toHaveCount(0);
  },
);

test(
  'the create-album modal validates on submit and opens the new album',
  { tag: LOOKS },
  async ({ page, openSignedIn, freshServer }) => {
    await openSignedIn(page, { ...demoUser, host: hosts.default, server: freshServer });
    const creates = recordAlbumCreates(page);
    await page.goto(`http://localhost:${freshServer.port}${albumsUrl}`);
    await page.getByRole('button', { name: 'New album' }).click();
    const create = dialog(page, 'Create new album');
    await create.getByRole('button', { name: 'Create album' }).click();
    await expect(create.getByText('Please give your album a name')).toBeVisible();
    await create.getByPlaceholder('Untitled album').fill('x>y');
    await create.getByRole('button', { name: 'Create album' }).click();
    await expect(create.getByText('Name not valid')).toBeVisible();
    await snap(page, 'albums-create-modal');
    expect(creates).toHaveLength(0);
    // Escape closes the dialog (the newest of the stack).
    await page.keyboard.press('Escape');
    await expect(create).toBeHidden();

    await page.getByRole('button', { name: 'New album' }).click();
    await create.getByPlaceholder('Untitled album').fill('Brand new');
    await create.getByRole('button', { name: 'Create album' }).click();
    await expect(page).toHaveURL(/\/my-photos\/albums\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Brand new', level: 1 })).toBeVisible();
    await expect(page.getByText('Your album is empty')).toBeVisible();
    await snap(page, 'albums-empty-album');
  },
);

test(
  'the albums list shows tiles, created labels and the shared section',
  { tag: LOOKS },
  async ({ demoPage: page, server }) => {
    await page.goto(`http://localhost:${server.port}${albumsUrl}`);
    const grid = page.getByTestId('albums-grid');
    await expect(grid.getByRole('button', { name: 'New album' })).toBeVisible();
    const empty = grid.getByTestId('album-tile').filter({ hasText: 'Empty album' });
    await expect(empty).toContainText('0 photos');
    await expect(empty.getByTestId('album-cover-placeholder')).toBeVisible();
    await expect(grid.getByTestId('album-tile').filter({ hasText: 'Garden' })).toContainText(
      '1 photo',
    );
    await expect(grid.getByTestId('album-tile').filter({ hasText: 'Family' })).toContainText(
      /Created \d{2} [A-Z][a-z]{2} \d{4}/,
    );
    const shared = page.getByTestId('shared-albums-grid');
    await expect(page.getByRole('heading', { name: 'Shared with you' })).toBeVisible();
    await expect(shared.getByText('Wedding of Sam & Alex')).toBeVisible();
    await snap(page, 'albums-list');
  },
);

test(
  'as a participant the shared album is read-only with the tooltip, and download works',
  { tag: LOOKS },
  async ({ demoPage: page, server }) => {
    test.setTimeout(90_000);
    await page.goto(`http://localhost:${server.port}${albumsUrl}`);
    await page.getByTestId('shared-albums-grid').getByText('Wedding of Sam & Alex').click();
    await expect(page).toHaveURL(/\/my-photos\/shared-albums\//);
    await expect(
      page.getByRole('heading', { name: 'Wedding of Sam & Alex', level: 1 }),
    ).toBeVisible();
    await expect(page.getByTestId('shared-album-members')).toHaveText(
      `Shared by ${friendUser.email}`,
    );
    await expect(page.getByTestId('shared-album-banner')).toBeVisible();

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await albumPhotos(page).nth(0).click();
    await albumPhotos(page).nth(1).click();
    const bar = page.getByRole('toolbar');
    await expect(bar.getByText('2 selected')).toBeVisible();
    const copy = bar.getByRole('button', { name: 'Copy to album' });
    const remove = bar.getByRole('button', { name: 'Remove from album' });
    await expect(copy).toBeDisabled();
    await expect(remove).toBeDisabled();
    await remove.locator('..').hover();
    await expect(
      page.getByRole('tooltip', { name: 'Unavailable for shared albums' }),
    ).toBeVisible();
    await snap(page, 'albums-shared-participant');

    const download = page.waitForEvent('download', { timeout: 60_000 });
    await bar.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toMatch(/^[0-9a-f-]{36}\.zip$/);

    // The preview of a shared album: Copy and Delete disabled with the tooltip.
    await bar.getByRole('button', { name: 'Cancel' }).click();
    await albumPhotos(page).first().click();
    await expect(page.getByTestId('photo-preview')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy to album' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Delete', exact: true }).locator('..').hover();
    await expect(
      page.getByRole('tooltip', { name: 'Unavailable for shared albums' }),
    ).toBeVisible();
    await snap(page, 'preview-shared');

    // Delete explains what happens to a participant. (Escape first closes an open tooltip.)
    await page.mouse.move(640, 400);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('photo-preview')).toBeHidden();
    await page.getByRole('button', { name: 'Delete album' }).click();
    await expect(page.getByRole('dialog')).toContainText(
      'Photos you added to it will be removed from the album',
    );
  },
);

test(
  'the owner of a shared album sees how many people it is shared with',
  { tag: LOOKS },
  async ({ demoPage: page, server }) => {
    await page.goto(`http://localhost:${server.port}${albumsUrl}`);
    await page.getByTestId('albums-grid').getByText('Trip with friends').click();
    // An own shared album opens in the shared view (flag on).
    await expect(page).toHaveURL(/\/my-photos\/shared-albums\//);
    await expect(page.getByTestId('shared-album-members')).toHaveText('Shared with 1 person');
    await page.getByRole('button', { name: 'Delete album' }).click();
    await expect(page.getByRole('dialog')).toContainText('for everyone it is shared with');
    await snap(page, 'albums-shared-owner');
  },
);

test.describe('small screens', { tag: LOOKS }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('albums list and album page at 390×844', async ({ demoPage: page, server }) => {
    await page.goto(`http://localhost:${server.port}${albumsUrl}`);
    await expect(page.getByTestId('albums-grid')).toBeVisible();
    const box = await page.getByTestId('albums-grid').boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    await snap(page, 'albums-list');
    await page.getByTestId('albums-grid').getByText('Pets').click();
    await expect(albumPhotos(page)).toHaveCount(8);
    await snap(page, 'albums-album-page');
  });
});
