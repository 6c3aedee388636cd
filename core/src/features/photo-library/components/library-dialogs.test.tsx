import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json } from '../../../testing/mock-fetch';
import { renderFeature } from '../../../testing/render-feature';
import { showToast } from '../../../ui/toast';
import type * as ToastModule from '../../../ui/toast';
import { LibraryDialogs } from './library-dialogs';

vi.mock('../../../ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  showToast: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

async function deleteAll(answer: () => Response) {
  const onClose = vi.fn();
  const calls: string[] = [];
  await renderFeature(<LibraryDialogs dialog="deleteAll" total={7} onClose={onClose} />, {
    routes: {
      '/api/photo/photos/all': () => {
        calls.push('DELETE all');
        return answer();
      },
    },
  });
  await screen.findByRole('dialog', { name: 'Delete all photos' });
  fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), {
    target: { value: 'DELETE' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Delete all photos' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  return calls;
}

describe('the library dialogs (docs/product.md#screens)', () => {
  it('delete all: confirmed, the library goes to Recently deleted, the dialog closes and the toast offers Undo', async () => {
    expect(
      await deleteAll(() =>
        json({ deleted: 7, deletionId: '00000000-0000-4000-8000-000000000007' }),
      ),
    ).toEqual(['DELETE all']);
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({
        message: '7 photos moved to Recently deleted',
        action: expect.objectContaining({ label: 'Undo' }),
      }),
    );
  });

  it('delete all: a failure closes the dialog with the message', async () => {
    await deleteAll(() => json({ statusCode: 500, error: 'x', message: 'boom' }, 500));
    expect(showToast).toHaveBeenCalledWith({
      message: 'Error: Your photos could not be deleted',
      color: 'red',
    });
  });

  it('the upload modal opens only with the upload flag', async () => {
    const on = await renderFeature(<LibraryDialogs dialog="upload" total={0} onClose={vi.fn()} />, {
      flags: { PhotoManagementUploadEnabled: true },
    });
    expect(await screen.findByRole('dialog', { name: 'Add photos' })).toBeInTheDocument();
    on.unmount();
    await renderFeature(<LibraryDialogs dialog="upload" total={0} onClose={vi.fn()} />, {
      flags: { PhotoManagementUploadEnabled: false },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
