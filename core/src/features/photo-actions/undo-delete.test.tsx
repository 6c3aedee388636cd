import { screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { json } from '../../testing/mock-fetch';
import { renderFeature } from '../../testing/render-feature';
import { showToast } from '../../ui/toast';
import type * as ToastModule from '../../ui/toast';
import type { ToastOptions } from '../../ui/toast';
import { useUndoableAlbumDelete, useUndoablePhotosDelete } from './undo-delete';

vi.mock('../../ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  showToast: vi.fn(() => 'toast'),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

const toasts = () => vi.mocked(showToast).mock.calls.map(([options]) => options as ToastOptions);

function PhotosDeleted({ ids, count }: { ids: string[]; count: number }) {
  const deleted = useUndoablePhotosDelete();
  useEffect(() => deleted(ids, count), []); // eslint-disable-line react-hooks/exhaustive-deps
  return <p>deleted</p>;
}

function AlbumDeleted() {
  const deleted = useUndoableAlbumDelete();
  useEffect(() => deleted('album-1', 'Summer'), []); // eslint-disable-line react-hooks/exhaustive-deps
  return <p>deleted</p>;
}

describe('Undo of a delete (docs/product.md#recently-deleted)', () => {
  it('restores exactly the deletions of that delete and says how many photos came back', async () => {
    const restored: unknown[] = [];
    await renderFeature(<PhotosDeleted ids={['d-1', 'd-2']} count={3} />, {
      routes: {
        '/api/photo/photos/trash/restore': () => json({ failed: [] }),
      },
    });
    await screen.findByText('deleted');
    const [toast] = toasts();
    expect(toast).toMatchObject({
      message: '3 photos moved to Recently deleted',
      role: 'status',
      action: { label: 'Undo' },
    });
    const fetchMock = vi.mocked(fetch);
    toast!.action!.onClick();
    await waitFor(() => expect(toasts()).toHaveLength(2));
    for (const [url, init] of fetchMock.mock.calls as [unknown, RequestInit | undefined][]) {
      if (String(url).endsWith('/photos/trash/restore'))
        restored.push(JSON.parse(String(init?.body)));
    }
    expect(restored).toEqual([{ deletionId: 'd-1' }, { deletionId: 'd-2' }]);
    expect(toasts()[1]).toMatchObject({ message: '3 photos restored', focus: true });
  });

  it('says so when the restore failed', async () => {
    await renderFeature(<PhotosDeleted ids={['d-1']} count={1} />, {
      routes: {
        '/api/photo/photos/trash/restore': () =>
          json({ statusCode: 500, error: 'x', message: 'y' }, 500),
      },
    });
    await screen.findByText('deleted');
    expect(toasts()[0]).toMatchObject({ message: '1 photo moved to Recently deleted' });
    toasts()[0]!.action!.onClick();
    await waitFor(() =>
      expect(toasts()[1]).toMatchObject({
        message: 'Error: Your photos could not be restored',
        color: 'red',
      }),
    );
  });

  it('an album: "Album … deleted" with Undo, which restores the album', async () => {
    await renderFeature(<AlbumDeleted />, {
      routes: { '/api/photo/albums/trash/restore': () => json({ failed: [] }) },
    });
    await screen.findByText('deleted');
    expect(toasts()[0]).toMatchObject({
      message: 'Album "Summer" deleted',
      action: { label: 'Undo' },
    });
    toasts()[0]!.action!.onClick();
    await waitFor(() =>
      expect(toasts()[1]).toMatchObject({ message: 'Album "Summer" restored', focus: true }),
    );
  });
});
