import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PickedFile, UploadProgress } from '../../platform/platform';
import { brandFixture, clientConfigFixture } from '../../testing/client-config-fixture';
import { json } from '../../testing/mock-fetch';
import { renderFeature } from '../../testing/render-feature';
import { showToast } from '../../ui/toast';
import type * as ToastModule from '../../ui/toast';
import { TOUCH_FIRST_QUERY } from './mobile-app-redirect';
import { UploadPhotosModal } from './upload-photos-modal';

vi.mock('../../ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  showToast: vi.fn(),
}));

afterEach(() => vi.mocked(showToast).mockClear());

const picked = (name: string): PickedFile => ({
  name,
  type: 'image/jpeg',
  size: name.length,
  path: `handle-${name}`,
});

const PHOTO_ID = '0b5e3f5a-6f1e-4c9e-9a51-6f7a1d3c2b10';

describe('UploadPhotosModal', () => {
  it('offers a folder where the platform can pick one, and lists what it found', async () => {
    const view = await renderFeature(<UploadPhotosModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
    expect(within(dialog).getByRole('button', { name: 'Choose photos' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Choose a folder' })).toBeNull();

    const pickFolder = vi.fn(async () => [picked('a.jpg'), picked('b.jpg')]);
    Object.assign(view.platform.files, { pickFolder });
    view.rerender(<UploadPhotosModal opened onClose={() => {}} />);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose a folder' }));
    expect(await within(dialog).findByText('a.jpg')).toBeInTheDocument();
    expect(within(dialog).getByText('b.jpg')).toBeInTheDocument();
    expect(pickFolder).toHaveBeenCalledTimes(1);
    expect(view.platform.files.pickImages).not.toHaveBeenCalled();
  });

  it('keeps 10,000 picked files responsive: only the rows in view are in the DOM', async () => {
    const view = await renderFeature(<UploadPhotosModal opened onClose={() => {}} />);
    const files = Array.from({ length: 10_000 }, (_, index) => picked(`IMG_${index}.jpg`));
    view.platform.files.pickImages.mockResolvedValueOnce(files);
    const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose photos' }));
    const list = await within(dialog).findByRole('list', { name: 'Selected photos (10000)' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(30);
    expect(within(list).getByText('IMG_0.jpg')).toBeInTheDocument();
    expect(within(list).queryByText('IMG_9999.jpg')).toBeNull();
  });

  it('uploads nothing until confirmed, then shows each state, closes and invalidates on success', async () => {
    const onClose = vi.fn();
    const view = await renderFeature(<UploadPhotosModal opened onClose={onClose} albumId={null} />);
    let finish!: (results: UploadProgress[]) => void;
    let report!: (progress: UploadProgress) => void;
    const uploadFiles = vi.fn(
      (_paths: string[], _target: unknown, onProgress: (progress: UploadProgress) => void) =>
        new Promise<UploadProgress[]>((resolve) => {
          finish = resolve;
          report = onProgress;
        }),
    );
    Object.assign(view.platform.files, { uploadFiles });
    view.platform.files.pickImages.mockResolvedValueOnce([picked('a.jpg'), picked('bb.jpg')]);
    const dispatch = vi.spyOn(view.store, 'dispatch');
    view.rerender(<UploadPhotosModal opened onClose={onClose} albumId={null} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose photos' }));
    await within(dialog).findByText('a.jpg');
    expect(uploadFiles).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add photos' }));
    await waitFor(() => expect(uploadFiles).toHaveBeenCalledTimes(1));
    expect(uploadFiles.mock.calls[0]?.[0]).toEqual(['handle-a.jpg', 'handle-bb.jpg']);
    expect(await within(dialog).findAllByText('Uploading 0%')).toHaveLength(2);
    act(() => report({ fileName: 'bb.jpg', loadedBytes: 3, totalBytes: 6, done: false }));
    expect(await within(dialog).findByText('Uploading 50%')).toBeInTheDocument();
    expect(within(dialog).getByText('Uploading 0 of 2')).toBeInTheDocument();
    // The overlay does not close it.
    const overlay = document.querySelector('.mantine-Modal-overlay');
    if (overlay) fireEvent.click(overlay);
    expect(onClose).not.toHaveBeenCalled();

    await act(async () =>
      finish([
        { fileName: 'a.jpg', loadedBytes: 5, totalBytes: 5, done: true, photoId: PHOTO_ID },
        { fileName: 'bb.jpg', loadedBytes: 6, totalBytes: 6, done: true, photoId: PHOTO_ID },
      ]),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(
      dispatch.mock.calls.some(([action]) => JSON.stringify(action).includes('invalidateTags')),
    ).toBe(true);
    // The dialog does not close without a word.
    expect(showToast).toHaveBeenCalledExactlyOnceWith({
      message: '2 photos added',
      role: 'status',
    });
  });

  it("tries the brand's mobile app with album_id after the dialog closed, on a phone only", async () => {
    const config = clientConfigFixture();
    config.Brands = config.Brands.map((brand) =>
      brand.host === 'photobox-uk.localhost'
        ? brandFixture({ ...brand, mobileApp: { uploadLink: 'photobox://upload?from=web' } })
        : brand,
    );
    const touchFirst = { matches: true };
    const matchMedia = window.matchMedia.bind(window);
    const spy = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation((query) =>
        query === TOUCH_FIRST_QUERY
          ? Object.assign(matchMedia(query), { matches: touchFirst.matches })
          : matchMedia(query),
      );
    onTestFinished(() => spy.mockRestore());
    const onClose = vi.fn();
    const view = await renderFeature(
      <UploadPhotosModal opened onClose={onClose} albumId="album-1" />,
      { config },
    );
    // How often the dialog had closed when the app was tried.
    const closedWhenTried: number[] = [];
    const openMobileApp = vi.fn(() => void closedWhenTried.push(onClose.mock.calls.length));
    const uploadFiles = vi.fn(async () => [
      { fileName: 'a.jpg', loadedBytes: 5, totalBytes: 5, done: true, photoId: PHOTO_ID },
    ]);
    Object.assign(view.platform, { openMobileApp });
    Object.assign(view.platform.files, { uploadFiles });
    const upload = async () => {
      view.platform.files.pickImages.mockResolvedValueOnce([picked('a.jpg')]);
      view.rerender(<UploadPhotosModal opened onClose={onClose} albumId="album-1" />);
      const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Choose photos' }));
      await within(dialog).findByText('a.jpg');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add photos' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
    };

    await upload();
    expect(openMobileApp).toHaveBeenCalledExactlyOnceWith(
      'photobox://upload?from=web&album_id=album-1',
    );
    expect(closedWhenTried).toEqual([1]);
    expect(spy).toHaveBeenCalledWith(TOUCH_FIRST_QUERY);

    // A mouse-driven screen of any size stays on the web.
    touchFirst.matches = false;
    onClose.mockClear();
    await upload();
    expect(openMobileApp).toHaveBeenCalledTimes(1);
  });

  it('keeps failed files with their reason and offers "Retry failed"', async () => {
    const onClose = vi.fn();
    const view = await renderFeature(<UploadPhotosModal opened onClose={onClose} />);
    const uploadFiles = vi
      .fn()
      .mockResolvedValueOnce([
        { fileName: 'a.jpg', loadedBytes: 5, totalBytes: 5, done: true, photoId: PHOTO_ID },
        { fileName: 'bb.jpg', loadedBytes: 0, totalBytes: 6, done: true, error: 'Refused' },
      ])
      .mockResolvedValueOnce([
        { fileName: 'bb.jpg', loadedBytes: 6, totalBytes: 6, done: true, photoId: PHOTO_ID },
      ]);
    Object.assign(view.platform.files, { uploadFiles });
    view.platform.files.pickImages.mockResolvedValueOnce([picked('a.jpg'), picked('bb.jpg')]);
    view.rerender(<UploadPhotosModal opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose photos' }));
    await within(dialog).findByText('a.jpg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add photos' }));
    expect(await within(dialog).findByText('bb.jpg could not be uploaded')).toBeInTheDocument();
    expect(within(dialog).getByText('Uploaded')).toBeInTheDocument();
    expect(
      within(dialog).getByText('1 photo added · 1 photo could not be added: please try again'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(showToast).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry failed' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(uploadFiles.mock.calls[1]?.[0]).toEqual(['handle-bb.jpg']);
    // Both rounds together: what this dialog added.
    expect(showToast).toHaveBeenCalledExactlyOnceWith({
      message: '2 photos added',
      role: 'status',
    });
  });

  it(
    "shows the desktop engine's states and reasons, and Cancel stops main's queue",
    { timeout: 20_000 },
    async () => {
      // Cancel removes the photo the first round made: the server answers at once.
      const view = await renderFeature(<UploadPhotosModal opened onClose={() => {}} />, {
        routes: { '/api/photo/photos': () => json({ failed: [] }) },
      });
      let finish!: (results: UploadProgress[]) => void;
      let report!: (progress: UploadProgress) => void;
      const uploadFiles = vi.fn(
        (_paths: string[], _target: unknown, onProgress: (progress: UploadProgress) => void) =>
          new Promise<UploadProgress[]>((resolve) => {
            finish = resolve;
            report = onProgress;
          }),
      );
      const cancelUploads = vi.fn(async () => {});
      Object.assign(view.platform.files, { uploadFiles, cancelUploads });
      view.platform.files.pickImages.mockResolvedValueOnce([
        picked('a.jpg'),
        picked('bb.jpg'),
        picked('ccc.jpg'),
      ]);
      view.rerender(<UploadPhotosModal opened onClose={() => {}} />);
      const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Choose photos' }));
      await within(dialog).findByText('a.jpg');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add photos' }));
      await waitFor(() => expect(uploadFiles).toHaveBeenCalledTimes(1));
      act(() =>
        report({
          fileName: 'a.jpg',
          loadedBytes: 0,
          totalBytes: 5,
          done: false,
          status: 'checking',
        }),
      );
      expect(await within(dialog).findByText('Checking…')).toBeInTheDocument();
      await act(async () =>
        finish([
          {
            fileName: 'a.jpg',
            loadedBytes: 0,
            totalBytes: 5,
            done: true,
            status: 'duplicate',
            photoId: PHOTO_ID,
          },
          {
            fileName: 'bb.jpg',
            loadedBytes: 0,
            totalBytes: 6,
            done: true,
            status: 'failed',
            failureKind: 'refused',
            error: 'Not an image',
          },
          {
            fileName: 'ccc.jpg',
            loadedBytes: 7,
            totalBytes: 7,
            done: true,
            status: 'done',
            photoId: PHOTO_ID,
          },
        ]),
      );
      expect(
        await within(dialog).findByText('Duplicate: already in your photos'),
      ).toBeInTheDocument();
      expect(
        within(dialog).getByText('bb.jpg is not a JPEG, PNG or HEIC photo'),
      ).toBeInTheDocument();
      expect(
        within(dialog).getByText(
          '1 photo added · 1 was already in your photos · 1 photo could not be added: please try again',
        ),
      ).toBeInTheDocument();

      // A second round is under way when the user gives up: main's queue is told to stop.
      fireEvent.click(within(dialog).getByRole('button', { name: 'Retry failed' }));
      await waitFor(() => expect(uploadFiles).toHaveBeenCalledTimes(2));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(cancelUploads).toHaveBeenCalledTimes(1));
      expect(showToast).toHaveBeenCalledExactlyOnceWith({
        message: 'Upload cancelled: no photos were added',
        role: 'status',
      });
      await waitFor(() =>
        expect(view.fetchMock).toHaveBeenCalledWith(
          expect.stringContaining('/api/photo/photos'),
          expect.objectContaining({ method: 'DELETE' }),
        ),
      );
    },
  );

  it('after Cancel, leaving the page asks until what was uploaded is removed again', async () => {
    let removed!: () => void;
    const view = await renderFeature(<UploadPhotosModal opened onClose={() => {}} />, {
      routes: {
        '/api/photo/photos': () =>
          new Promise<Response>((resolve) => {
            removed = () => resolve(json({ failed: [] }));
          }),
      },
    });
    const deletes = () =>
      view.fetchMock.mock.calls
        .filter(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')
        .map(([, init]) => JSON.parse(String((init as RequestInit).body)).photoIds as string[]);
    let finish!: (results: UploadProgress[]) => void;
    const uploadFiles = vi.fn(
      () =>
        new Promise<UploadProgress[]>((resolve) => {
          finish = resolve;
        }),
    );
    Object.assign(view.platform.files, { uploadFiles, cancelUploads: vi.fn(async () => {}) });
    view.platform.files.pickImages.mockResolvedValueOnce([picked('a.jpg'), picked('bb.jpg')]);
    view.rerender(<UploadPhotosModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose photos' }));
    await within(dialog).findByText('a.jpg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add photos' }));
    await waitFor(() => expect(uploadFiles).toHaveBeenCalledTimes(1));
    const done = { loadedBytes: 5, totalBytes: 5, done: true } as const;
    await act(async () =>
      finish([
        { ...done, fileName: 'a.jpg', status: 'done', photoId: PHOTO_ID },
        {
          ...done,
          fileName: 'bb.jpg',
          status: 'failed',
          failureKind: 'refused',
          error: 'Not an image',
        },
      ]),
    );
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Retry failed' }));
    await waitFor(() => expect(uploadFiles).toHaveBeenCalledTimes(2));
    const leaving = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leaving(), 'asks while files upload').toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(deletes()).toEqual([[PHOTO_ID]]));
    expect(leaving(), 'still asks while the uploaded photo is being removed').toBe(true);
    await act(async () => removed());
    await vi.waitFor(() => expect(leaving(), 'leaves without asking once it is gone').toBe(false));
  });

  it('takes dropped photos on the web and names a dropped file it refuses', async () => {
    await renderFeature(<UploadPhotosModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
    const dropzone = within(dialog).getByLabelText('Drop photos here');
    const files = [
      new File(['jpeg'], 'holiday.jpg', { type: 'image/jpeg' }),
      new File(['heic'], 'IMG_1.HEIC', { type: '' }),
      new File(['text'], 'notes.txt', { type: 'text/plain' }),
    ];
    // The drop area's own input takes what a drop hands it (jsdom cannot build a real drop).
    const input = dropzone.querySelector('input[type="file"]');
    expect(input).not.toBeNull();
    fireEvent.change(input!, { target: { files } });
    expect(await within(dialog).findByText('holiday.jpg')).toBeInTheDocument();
    expect(within(dialog).getByText('IMG_1.HEIC')).toBeInTheDocument();
    expect(within(dialog).queryByText('notes.txt')).toBeNull();
    expect(
      await within(dialog).findByText('notes.txt is not a JPEG, PNG or HEIC photo'),
    ).toBeInTheDocument();
  });
});

describe('UploadPhotosModal: the outcome when the customer closes it after failures', () => {
  it('says in a red toast what was added and what could not be, once the dialog closes', async () => {
    const onClose = vi.fn();
    const view = await renderFeature(<UploadPhotosModal opened onClose={onClose} />);
    const uploadFiles = vi.fn(async () => [
      { fileName: 'a.jpg', loadedBytes: 5, totalBytes: 5, done: true, photoId: PHOTO_ID },
      { fileName: 'bb.jpg', loadedBytes: 0, totalBytes: 6, done: true, status: 'duplicate' },
      { fileName: 'ccc.jpg', loadedBytes: 0, totalBytes: 7, done: true, error: 'Refused' },
    ]);
    Object.assign(view.platform.files, { uploadFiles });
    view.platform.files.pickImages.mockResolvedValueOnce([
      picked('a.jpg'),
      picked('bb.jpg'),
      picked('ccc.jpg'),
    ]);
    view.rerender(<UploadPhotosModal opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose photos' }));
    await within(dialog).findByText('a.jpg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add photos' }));
    await within(dialog).findByRole('button', { name: 'Retry failed' });
    expect(showToast).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledExactlyOnceWith({
      message:
        '1 photo added · 1 was already in your photos · 1 photo could not be added: please try again',
      color: 'red',
      role: 'alert',
    });
  });
});
