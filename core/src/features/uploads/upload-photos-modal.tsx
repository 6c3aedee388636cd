import '@mantine/dropzone/styles.css';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedFile } from '../../platform/platform';
import { usePlatform } from '../../platform/platform-context';
import { COUNTERS, trackCounter } from '../../store/analytics';
import { useAppDispatch } from '../../store/hooks';
import { ACCEPT_ATTRIBUTE, acceptedImageType } from '../../transfer/accepted-images';
import { listedFiles } from '../../transfer/upload-model';
import type { UploadList } from '../../transfer/upload-model';
import { AppDialog, AppDialogAlert } from '../../ui/app-dialog';
import { showToast } from '../../ui/toast';
import { useClientConfig } from '../brand/brand-context';
import { LIBRARY_TAGS, photosApi } from '../photos/api';
import { trashApi } from '../photos/trash-api';
import { useMobileAppRedirect } from './mobile-app-redirect';
import { createUploadController } from './upload-controller';
import type { UploadController } from './upload-controller';
import { UploadFileList, useUploadListTexts } from './upload-file-list';
import type { UploadRow } from './upload-file-list';
import { outcomeOf, uploadOutcomeMessage } from './upload-outcome';

export interface UploadPhotosModalProps {
  opened: boolean;
  onClose: () => void;
  /** Album the photos also join; null = library only. @default null */
  albumId?: string | null;
}

/**
 * A picked file's key in the list: the desktop's handle (two folders may each hold an
 * IMG_0001.JPG of the same size), else name and size (the same file dropped twice on the web).
 */
const fileKey = (file: { name: string; size: number; path?: string }) =>
  file.path ?? `${file.name}\u0000${file.size}`;
const noSubscription = () => () => {};
const noSnapshot = () => null;

/** react-dropzone's accept map: the three types, HEIC also by extension. */
const DROP_ACCEPT = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/heic': ['.heic', '.heif'],
  'image/heif': ['.heic', '.heif'],
};

/**
 * Upload photos (docs/product.md#screens "Upload", docs/product.md#states): the user picks
 * files (the button, or on the web a drop onto the drop area), then confirms 'Add photos'. Each
 * file is hashed, checked against the library (duplicates are skipped) and sent resumably by the
 * upload engine (core/src/transfer), four at a time, with its state in the list. On success the
 * timeline, album and user caches are invalidated, the dialog closes and the list clears (then,
 * for an album on a phone, the brand's mobile app is tried: `mobile-app-redirect.ts`); files
 * that failed stay with their reason and "Retry failed". Cancelling during an upload removes the
 * photos it created. A click on the overlay does not close it; leaving the page while files
 * upload asks first. Whenever the dialog closes after an upload, a toast says what it did
 * (`upload-outcome.ts`); focus goes back to the button that opened the dialog.
 */
export function UploadPhotosModal({ opened, onClose, albumId = null }: UploadPhotosModalProps) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const config = useClientConfig();
  const dispatch = useAppDispatch();
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [controller, setController] = useState<UploadController | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const cancelled = useRef(false);
  const openMobileApp = useMobileAppRedirect();

  const snapshot: UploadList | null = useSyncExternalStore(
    controller?.subscribe ?? noSubscription,
    controller?.getSnapshot ?? noSnapshot,
  );
  const running = snapshot?.running ?? false;
  const started = controller !== null;

  // The browser asks before leaving while files upload (docs/product.md#states).
  useEffect(() => (running ? askBeforeLeaving() : undefined), [running]);

  const addFiles = useCallback((files: readonly PickedFile[]) => {
    setPicked((current) => {
      const known = new Set(current.map(fileKey));
      const added = files.filter((file) => {
        const key = fileKey(file);
        if (known.has(key)) return false;
        known.add(key);
        return true;
      });
      return added.length > 0 ? [...current, ...added] : current;
    });
  }, []);

  const pick = async (source: 'files' | 'folder') => {
    const files =
      source === 'folder' && platform.files.pickFolder
        ? await platform.files.pickFolder()
        : await platform.files.pickImages();
    addFiles(files);
  };

  const drop = (files: File[]) => {
    const accepted: PickedFile[] = [];
    const refused: string[] = [];
    for (const file of files) {
      const type = acceptedImageType(file);
      if (type) accepted.push({ name: file.name, type, size: file.size, file });
      else refused.push(file.name);
    }
    addFiles(accepted);
    // react-dropzone hands one drop over twice (refused, then accepted): keep the refusal shown.
    if (refused.length > 0)
      setAlert(refused.map((name) => t('photos.upload.failure.refused', { name })).join(' '));
  };

  const invalidate = useCallback(
    () => dispatch(photosApi.util.invalidateTags([...LIBRARY_TAGS])),
    [dispatch],
  );

  const reset = () => {
    setPicked([]);
    setController(null);
    setAlert(null);
  };

  /** Nothing closes silently: the toast says what the upload did (docs/product.md#states). */
  const toastOutcome = (result: UploadList) => {
    const message = uploadOutcomeMessage(t, outcomeOf(result.totals));
    if (!message) return;
    // News of a success waits its turn with a screen reader; a failure interrupts.
    if (result.totals.failed > 0) showToast({ message, color: 'red', role: 'alert' });
    else showToast({ message, role: 'status' });
  };

  const settle = (result: UploadList) => {
    if (cancelled.current) return;
    invalidate();
    // One count per run that added photos (docs/product.md, "Page furniture").
    if (result.totals.done > 0) trackCounter(COUNTERS.upload);
    if (result.totals.failed === 0) {
      reset();
      onClose();
      toastOutcome(result);
      // The photos are in the album and the page is up to date before a phone's app is tried.
      openMobileApp(albumId);
      return;
    }
    setAlert(t('photos.upload.someFailed', { count: result.totals.failed }));
  };

  const confirm = async () => {
    cancelled.current = false;
    setAlert(null);
    const claims = await platform.auth.getIdTokenClaims().catch(() => null);
    const next = createUploadController(
      {
        platform,
        storageApiUrl: config.StorageApiUrl,
        origin: window.location.origin,
        albumId,
        accountId: claims?.sub ?? null,
      },
      picked,
    );
    setController(next);
    settle(await next.start());
  };

  const retry = async () => {
    if (!controller) return;
    setAlert(null);
    settle(await controller.retryFailed());
  };

  const cancel = () => {
    const current = controller;
    cancelled.current = true;
    if (current && running) {
      // Uploaded but never added: remove them again (docs/product.md#states). The dialog closes
      // at once; until the photos are removed, leaving the page still asks (a reload would stop
      // their removal half way).
      showToast({ message: t('photos.upload.outcome.cancelled'), role: 'status' });
      const stopLeaving = askBeforeLeaving();
      void current
        .cancel()
        .then(async () => {
          const ids = current.createdPhotoIds();
          if (ids.length > 0) {
            // Deleted for good, not kept in Recently deleted: the customer called the upload off.
            await dispatch(photosApi.endpoints.deletePhotos.initiate(ids));
            await dispatch(trashApi.endpoints.purgePhotos.initiate(ids));
          }
          invalidate();
        })
        .finally(stopLeaving);
    } else if (snapshot && !running) {
      // Closed after a run with failures: what was added stays, and the toast says so.
      toastOutcome(snapshot);
    }
    reset();
    onClose();
  };

  const rows: readonly UploadRow[] = useMemo(
    () =>
      // Until the desktop's queue named the files (its first report), the picked ones show.
      // Once a run is over, the model's list order: what failed first, where it is seen.
      snapshot && snapshot.files.length > 0
        ? snapshot.running
          ? snapshot.files
          : listedFiles(snapshot.files, snapshot.files.length)
        : picked.map((file) => ({
            id: fileKey(file),
            name: file.name,
            size: file.size,
            status: null,
            sentBytes: 0,
            failure: null,
          })),
    [snapshot, picked],
  );

  const listTexts = useUploadListTexts(rows.length);
  const totals = snapshot?.totals;
  const pickers = (
    <Group gap="xs">
      <Button variant="default" onClick={() => void pick('files')} disabled={started}>
        {t('photos.upload.pick')}
      </Button>
      {platform.files.pickFolder ? (
        <Button variant="default" onClick={() => void pick('folder')} disabled={started}>
          {t('photos.upload.pickFolder')}
        </Button>
      ) : null}
    </Group>
  );

  return (
    <AppDialog
      opened={opened}
      onClose={cancel}
      closeOnClickOutside={false}
      title={t('photos.upload.title')}
      size="lg"
    >
      <Stack>
        {platform.platformName === 'web' ? (
          <Dropzone
            onDrop={drop}
            onReject={(rejections) => drop(rejections.map((rejection) => rejection.file))}
            accept={DROP_ACCEPT}
            activateOnClick={false}
            enablePointerEvents
            disabled={started}
            aria-label={t('photos.upload.dropLabel')}
            inputProps={{ accept: ACCEPT_ATTRIBUTE }}
            p="md"
          >
            <Stack align="center" gap="xs">
              <Text size="sm" ta="center">
                {t('photos.upload.drop')}
              </Text>
              {pickers}
              <Text size="xs" c="dimmed">
                {t('photos.upload.accepted')}
              </Text>
            </Stack>
          </Dropzone>
        ) : (
          <Group justify="space-between">
            {pickers}
            <Text size="sm" c="dimmed">
              {t('photos.upload.accepted')}
            </Text>
          </Group>
        )}
        {rows.length > 0 ? (
          <UploadFileList
            rows={rows}
            texts={listTexts}
            {...(started
              ? {}
              : {
                  onRemove: (row: UploadRow) =>
                    setPicked((current) => current.filter((file) => fileKey(file) !== row.id)),
                })}
          />
        ) : null}
        {totals ? (
          <Stack gap={4}>
            <Text size="sm" aria-live="polite">
              {running
                ? t('photos.upload.uploading', {
                    done: totals.done + totals.duplicate,
                    total: totals.files,
                  })
                : uploadOutcomeMessage(t, outcomeOf(totals))}
            </Text>
            <Progress
              value={(totals.settledBytes / Math.max(totals.totalBytes, 1)) * 100}
              aria-label={t('photos.upload.progressLabel')}
            />
          </Stack>
        ) : null}
        <AppDialogAlert message={alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            {t('photos.upload.cancel')}
          </Button>
          {totals && totals.failed > 0 && !running ? (
            <Button variant="default" onClick={() => void retry()}>
              {t('photos.upload.retryFailed')}
            </Button>
          ) : null}
          <Button
            onClick={() => void confirm()}
            disabled={picked.length === 0 || started}
            loading={running}
          >
            {t('photos.upload.confirm')}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}

/** Until the returned function is called, the browser asks before the page is left. */
function askBeforeLeaving(): () => void {
  const warn = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    event.returnValue = '';
  };
  window.addEventListener('beforeunload', warn);
  return () => window.removeEventListener('beforeunload', warn);
}
