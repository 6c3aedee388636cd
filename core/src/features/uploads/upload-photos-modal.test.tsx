import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PickedFile } from '../../platform/platform';
import type { UploadFailureKind, UploadFile } from '../../transfer/upload-model';
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

const picked = (name: string, folder = '', size = name.length): PickedFile => ({
  name,
  type: 'image/jpeg',
  size,
  path: `handle-${folder}${name}`,
});

type Outcome = Record<string, Partial<UploadFile>>;

/**
 * Main's upload queue as the dialog sees it through `platform.files.uploadFiles`: every file
 * named by a queue id of its own (the same id when a failed file goes again), the first report
 * naming every file of the call in order. The test speaks of files by their handles; the dialog
 * only ever sees ids. `outcomes`: calls answered at once, one per call.
 */
function mainQueue(files: readonly PickedFile[], outcomes: Outcome[] = []) {
  const ids = new Map<string, string>();
  const state = new Map<string, UploadFile>();
  let call: {
    handles: string[];
    report: (files: UploadFile[]) => void;
    resolve: (files: UploadFile[]) => void;
  } | null = null;
  const update = (handle: string, patch: Partial<UploadFile>) => {
    const id = ids.get(handle)!;
    const file = { ...state.get(id)!, ...patch };
    state.set(id, file);
    return file;
  };
  const answer = (outcome: Outcome) => {
    const current = call!;
    for (const handle of current.handles) update(handle, outcome[handle] ?? {});
    current.resolve(current.handles.map((handle) => state.get(ids.get(handle)!)!));
  };
  const uploadFiles = vi.fn(
    (handles: string[], _target: unknown, onProgress: (files: UploadFile[]) => void) =>
      new Promise<UploadFile[]>((resolve) => {
        const named = handles.map((handle) => {
          const id = ids.get(handle) ?? `queue-${ids.size + 1}`;
          ids.set(handle, id);
          const pick = files.find((file) => file.path === handle)!;
          const file: UploadFile = {
            id,
            name: pick.name,
            size: pick.size,
            status: 'waiting',
            sentBytes: 0,
            photoId: null,
            failure: null,
          };
          state.set(id, file);
          return file;
        });
        call = { handles, report: onProgress, resolve };
        onProgress(named);
        const outcome = outcomes.shift();
        if (outcome) answer(outcome);
      }),
  );
  return {
    uploadFiles,
    report: (handle: string, patch: Partial<UploadFile>) => call!.report([update(handle, patch)]),
    finish: answer,
  };
}

const done = (size: number, photoId = PHOTO_ID): Partial<UploadFile> => ({
  status: 'done',
  sentBytes: size,
  photoId,
});
const failed = (kind: UploadFailureKind) => ({
  status: 'failed' as const,
  failure: { kind, message: '' },
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
    const list = await within(dialog).findByRole('list', { name: 'Selected photos (10,000)' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(30);
    expect(within(list).getByText('IMG_0.jpg')).toBeInTheDocument();
    expect(within(list).queryByText('IMG_9999.jpg')).toBeNull();
  });

  it('uploads nothing until confirmed, then shows each state, closes and invalidates on success', async () => {
    const onClose = vi.fn();
    const view = await renderFeature(<UploadPhotosModal opened onClose={onClose} albumId={null} />);
    const files = [picked('a.jpg'), picked('bb.jpg')];
    const main = mainQueue(files);
    const { uploadFiles } = main;
    Object.assign(view.platform.files, { uploadFiles });
    view.platform.files.pickImages.mockResolvedValueOnce(files);
    const dispatch = vi.spyOn(view.store, 'dispatch');
    view.rerender(<UploadPhotosModal opened onClose={onClose} albumId={null} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose photos' }));
    await within(dialog).findByText('a.jpg');
    expect(uploadFiles).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add photos' }));
    await waitFor(() => expect(uploadFiles).toHaveBeenCalledTimes(1));
    expect(uploadFiles.mock.calls[0]?.[0]).toEqual(['handle-a.jpg', 'handle-bb.jpg']);
    expect(await within(dialog).findAllByText('Waiting')).toHaveLength(2);
    act(() => main.report('handle-bb.jpg', { status: 'uploading', sentBytes: 3 }));
    expect(await within(dialog).findByText('Uploading 50%')).toBeInTheDocument();
    expect(within(dialog).getByText('Uploading 0 of 2')).toBeInTheDocument();
    // The overlay does not close it.
    const overlay = document.querySelector('.mantine-Modal-overlay');
    if (overlay) fireEvent.click(overlay);
    expect(onClose).not.toHaveBeenCalled();

    await act(async () => main.finish({ 'handle-a.jpg': done(5), 'handle-bb.jpg': done(6) }));
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
    const { uploadFiles } = mainQueue(
      [picked('a.jpg')],
      [{ 'handle-a.jpg': done(5) }, { 'handle-a.jpg': done(5) }],
    );
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
    const files = [picked('a.jpg'), picked('bb.jpg')];
    const { uploadFiles } = mainQueue(files, [
      { 'handle-a.jpg': done(5), 'handle-bb.jpg': failed('server') },
      { 'handle-bb.jpg': done(6) },
    ]);
    Object.assign(view.platform.files, { uploadFiles });
    view.platform.files.pickImages.mockResolvedValueOnce(files);
    view.rerender(<UploadPhotosModal opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose photos' }));
    await within(dialog).findByText('a.jpg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add photos' }));
    expect(await within(dialog).findByText('bb.jpg could not be uploaded')).toBeInTheDocument();
    // The run is over: what failed comes first (the model's list order), where it is seen.
    expect(within(dialog).getAllByRole('listitem')[0]).toHaveTextContent('bb.jpg');
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

  it('keeps two files of the same name from two folders apart: states go by queue id', async () => {
    const view = await renderFeature(<UploadPhotosModal opened onClose={() => {}} />);
    // Same name, same size, different folders: two different photos.
    const files = [picked('IMG_0001.JPG', 'Holiday/', 8), picked('IMG_0001.JPG', 'Birthday/', 8)];
    const main = mainQueue(files);
    Object.assign(view.platform.files, { uploadFiles: main.uploadFiles });
    view.platform.files.pickImages.mockResolvedValueOnce(files);
    view.rerender(<UploadPhotosModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose photos' }));
    const list = await within(dialog).findByRole('list', { name: 'Selected photos (2)' });
    expect(within(list).getAllByText('IMG_0001.JPG')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add photos' }));
    await waitFor(() => expect(main.uploadFiles).toHaveBeenCalledTimes(1));
    expect(main.uploadFiles.mock.calls[0]?.[0]).toEqual([
      'handle-Holiday/IMG_0001.JPG',
      'handle-Birthday/IMG_0001.JPG',
    ]);
    const rows = () => within(list).getAllByRole('listitem');
    act(() => main.report('handle-Birthday/IMG_0001.JPG', { status: 'uploading', sentBytes: 4 }));
    await waitFor(() => expect(rows()[1]).toHaveTextContent('Uploading 50%'));
    expect(rows()[0]).toHaveTextContent('Waiting');
    await act(async () =>
      main.finish({
        'handle-Holiday/IMG_0001.JPG': failed('refused'),
        'handle-Birthday/IMG_0001.JPG': done(8),
      }),
    );
    await waitFor(() =>
      expect(rows()[0]).toHaveTextContent('IMG_0001.JPG is not a JPEG, PNG or HEIC photo'),
    );
    expect(rows()[1]).toHaveTextContent('Uploaded');
    expect(
      within(dialog).getByText('1 photo added · 1 photo could not be added: please try again'),
    ).toBeInTheDocument();
  });

  it(
    "shows the desktop engine's states and reasons, and Cancel stops main's queue",
    { timeout: 20_000 },
    async () => {
      // Cancel deletes the photo the first round made for good: the server answers at once.
      const view = await renderFeature(<UploadPhotosModal opened onClose={() => {}} />, {
        routes: {
          '/api/photo/photos': () => json({ failed: [], deletionId: PHOTO_ID }),
          '/api/photo/photos/trash': () => json({ failed: [] }),
        },
      });
      const files = [picked('a.jpg'), picked('bb.jpg'), picked('ccc.jpg')];
      const main = mainQueue(files);
      const { uploadFiles } = main;
      const cancelUploads = vi.fn(async () => {});
      Object.assign(view.platform.files, { uploadFiles, cancelUploads });
      view.platform.files.pickImages.mockResolvedValueOnce(files);
      view.rerender(<UploadPhotosModal opened onClose={() => {}} />);
      const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Choose photos' }));
      await within(dialog).findByText('a.jpg');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add photos' }));
      await waitFor(() => expect(uploadFiles).toHaveBeenCalledTimes(1));
      act(() => main.report('handle-a.jpg', { status: 'checking' }));
      expect(await within(dialog).findByText('Checking…')).toBeInTheDocument();
      await act(async () =>
        main.finish({
          'handle-a.jpg': { status: 'duplicate', photoId: PHOTO_ID },
          'handle-bb.jpg': failed('refused'),
          'handle-ccc.jpg': done(7),
        }),
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
          expect.stringContaining('/api/photo/photos/trash'),
          expect.objectContaining({ method: 'DELETE' }),
        ),
      );
    },
  );

  it('after Cancel, leaving the page asks until what was uploaded is deleted for good', async () => {
    let removed!: () => void;
    const view = await renderFeature(<UploadPhotosModal opened onClose={() => {}} />, {
      routes: {
        '/api/photo/photos': () =>
          new Promise<Response>((resolve) => {
            removed = () => resolve(json({ failed: [], deletionId: PHOTO_ID }));
          }),
        // Not kept in Recently deleted: the customer called the upload off.
        '/api/photo/photos/trash': () => json({ failed: [] }),
      },
    });
    const deletes = (path = '/api/photo/photos') =>
      view.fetchMock.mock.calls
        .filter(
          ([input, init]) =>
            (init as RequestInit | undefined)?.method === 'DELETE' &&
            new URL(String(input), 'http://x').pathname === path,
        )
        .map(([, init]) => JSON.parse(String((init as RequestInit).body)).photoIds as string[]);
    const files = [picked('a.jpg'), picked('bb.jpg')];
    const main = mainQueue(files);
    const { uploadFiles } = main;
    Object.assign(view.platform.files, { uploadFiles, cancelUploads: vi.fn(async () => {}) });
    view.platform.files.pickImages.mockResolvedValueOnce(files);
    view.rerender(<UploadPhotosModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add photos' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose photos' }));
    await within(dialog).findByText('a.jpg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add photos' }));
    await waitFor(() => expect(uploadFiles).toHaveBeenCalledTimes(1));
    await act(async () =>
      main.finish({ 'handle-a.jpg': done(5), 'handle-bb.jpg': failed('refused') }),
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
    expect(deletes('/api/photo/photos/trash')).toEqual([]);
    await act(async () => removed());
    await vi.waitFor(() => expect(deletes('/api/photo/photos/trash')).toEqual([[PHOTO_ID]]));
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
    const files = [picked('a.jpg'), picked('bb.jpg'), picked('ccc.jpg')];
    const { uploadFiles } = mainQueue(files, [
      {
        'handle-a.jpg': done(5),
        'handle-bb.jpg': { status: 'duplicate', photoId: PHOTO_ID },
        'handle-ccc.jpg': failed('server'),
      },
    ]);
    Object.assign(view.platform.files, { uploadFiles });
    view.platform.files.pickImages.mockResolvedValueOnce(files);
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
