import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json } from '../../../testing/mock-fetch';
import { photoFixture } from '../../../testing/photo-fixtures';
import { renderFeature } from '../../../testing/render-feature';
import type { RenderFeatureOptions } from '../../../testing/render-feature';
import type { PagedPhotos } from '../../photos/paged-photos';
import type { PreviewSource } from '../preview-source';
import { PreviewToolbar } from './preview-toolbar';
import type { PreviewToolbarProps } from './preview-toolbar';

afterEach(() => vi.unstubAllGlobals());

const photo = photoFixture(1);
const list = { photos: [photo] } as PagedPhotos<typeof photo>;
const source = (kind: PreviewSource['kind']): PreviewSource => ({
  kind,
  list,
  sortKey: 'dateTaken',
  listPath: '/list',
  previewPath: (id) => `/list/preview/${id}`,
  album: kind === 'photos' ? undefined : { albumId: 'a-1', albumName: 'Trip' },
});

function renderToolbar(
  props: Partial<PreviewToolbarProps> = {},
  routes: RenderFeatureOptions['routes'] = {},
) {
  const handlers = { onClose: vi.fn(), onRemoved: vi.fn() };
  const rendered = renderFeature(
    <PreviewToolbar
      source={source('photos')}
      photo={photo}
      uploadUrl={null}
      {...handlers}
      {...props}
    />,
    { flags: { PhotoManagementAlbumViewEnabled: true }, routes },
  );
  return { rendered, ...handlers };
}

describe('the preview’s toolbar (docs/product.md#screens Photo preview)', () => {
  it('library: Back, the date, Download, Copy to album and Delete', async () => {
    const { rendered, onClose } = renderToolbar();
    await rendered;
    expect(screen.getByText('Taken 10 Mar 2024')).toBeInTheDocument();
    for (const name of ['Download', 'Copy to album', 'Delete'])
      expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Delete from album' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('hideHeaderNav hides Back; a valid upload URL adds the Add photos link', async () => {
    await renderToolbar({ hideBack: true, uploadUrl: 'https://upload.example.com/a' }).rendered;
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add photos' })).toHaveAttribute(
      'href',
      'https://upload.example.com/a',
    );
  });

  it('Delete asks first; a failure keeps the dialog open with the error; success moves on', async () => {
    let fail = true;
    const { rendered, onRemoved } = renderToolbar(
      {},
      {
        '/api/photo/photos': () =>
          fail
            ? json({ statusCode: 500, error: 'x', message: 'boom' }, 500)
            : json({ failed: [], deletionId: '00000000-0000-4000-8000-000000000001' }),
      },
    );
    await rendered;
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    // The delete retries its batch before it gives up.
    expect(
      await within(dialog).findByText('Error: Your photo could not be deleted', undefined, {
        timeout: 8000,
      }),
    ).toBeInTheDocument();
    expect(onRemoved).not.toHaveBeenCalled();
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(onRemoved).toHaveBeenCalled());
  }, 15_000);

  it('album: Delete from album asks, removes it from the album and moves on', async () => {
    const calls: string[] = [];
    const { rendered, onRemoved } = renderToolbar(
      { source: source('album') },
      {
        '/api/photo/albums/a-1/photos': () => {
          calls.push('removed');
          return json({ failed: [] });
        },
      },
    );
    await rendered;
    fireEvent.click(screen.getByRole('button', { name: 'Delete from album' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Delete this photo from the album?',
    });
    expect(dialog).toHaveTextContent('The photo will be removed from "Trip"');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete from album' }));
    await waitFor(() => expect(onRemoved).toHaveBeenCalled());
    expect(calls).toEqual(['removed']);
  });

  it('shared album: Copy and Delete are disabled with the reason', async () => {
    await renderToolbar({ source: source('shared') }).rendered;
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
    for (const name of ['Copy to album', 'Delete']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button.parentElement).toHaveAttribute('tabindex', '0');
    }
    expect(screen.queryByRole('button', { name: 'Delete from album' })).toBeNull();
  });
});
