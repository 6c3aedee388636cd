import { Button, CloseButton, Group, List, Progress, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedFile } from '../../platform/platform';
import { useAppDispatch } from '../../store/hooks';
import { usePlatform } from '../../platform/platform-context';
import { AppDialog, AppDialogAlert } from '../../ui/app-dialog';
import { LIBRARY_TAGS, photosApi } from '../photos/api';
import { uploadsApi } from './api';

/** Parallel uploads from the browser: enough to fill the line, few enough to keep the UI smooth. */
const UPLOAD_CONCURRENCY = 3;

export interface UploadPhotosModalProps {
  opened: boolean;
  onClose: () => void;
  /** Album the photos also join; null = library only. @default null */
  albumId?: string | null;
}

/**
 * Upload photos (docs/product.md#screens, docs/product.md#states): the user picks files (HEIC, JPEG, PNG), then confirms 'Add photos'.
 * On success the timeline, album and user caches are invalidated, the modal closes and the list
 * clears. Cancelling during an upload removes the photos already uploaded. A click on the overlay
 * does not close it. The desktop app streams the files from disk in its main process.
 */
export function UploadPhotosModal({ opened, onClose, albumId = null }: UploadPhotosModalProps) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const dispatch = useAppDispatch();
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [done, setDone] = useState<number | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const cancelled = useRef(false);
  const uploadedIds = useRef<string[]>([]);

  const reset = () => {
    setFiles([]);
    setDone(null);
    setFailures([]);
    uploadedIds.current = [];
  };
  const invalidate = () => dispatch(uploadsApi.util.invalidateTags([...LIBRARY_TAGS]));

  const pick = async (source: 'files' | 'folder') => {
    const picked =
      source === 'folder' && platform.files.pickFolder
        ? await platform.files.pickFolder()
        : await platform.files.pickImages();
    setFiles((current) => [
      ...current,
      ...picked.filter((p) => !current.some((c) => c.name === p.name && c.size === p.size)),
    ]);
  };

  const uploadOne = async (file: PickedFile): Promise<string | null> => {
    if (!file.file) return null;
    const form = new FormData();
    form.append('file', file.file, file.name);
    if (albumId) form.append('albumId', albumId);
    const result = await dispatch(uploadsApi.endpoints.uploadPhoto.initiate(form));
    return result.data?.imageId ?? null;
  };

  const confirm = async () => {
    cancelled.current = false;
    uploadedIds.current = [];
    setFailures([]);
    setDone(0);
    const failed: string[] = [];
    if (platform.files.uploadFiles && files.every((f) => f.path)) {
      const results = await platform.files.uploadFiles(
        files.map((f) => f.path!),
        { albumId },
        (progress) => {
          if (progress.done) setDone((n) => (n ?? 0) + 1);
        },
      );
      for (const r of results) {
        if (r.photoId) uploadedIds.current.push(r.photoId);
        else failed.push(r.fileName);
      }
    } else {
      const queue = [...files];
      const worker = async () => {
        for (let file = queue.shift(); file && !cancelled.current; file = queue.shift()) {
          const id = await uploadOne(file);
          if (id) uploadedIds.current.push(id);
          else failed.push(file.name);
          setDone((n) => (n ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: UPLOAD_CONCURRENCY }, worker));
    }
    if (cancelled.current) return;
    invalidate();
    if (failed.length > 0) {
      setFailures(failed);
      setFiles((current) => current.filter((f) => failed.includes(f.name)));
      setDone(null);
      return;
    }
    reset();
    onClose();
  };

  const cancel = () => {
    if (done !== null) {
      cancelled.current = true;
      const ids = uploadedIds.current;
      // Uploaded but never added: remove them again (docs/product.md#states).
      if (ids.length > 0) {
        void dispatch(photosApi.endpoints.deletePhotos.initiate(ids)).finally(invalidate);
      }
    }
    reset();
    onClose();
  };

  const uploading = done !== null;
  return (
    <AppDialog
      opened={opened}
      onClose={cancel}
      closeOnClickOutside={false}
      title={t('photos.upload.title')}
      size="lg"
    >
      <Stack>
        <Group justify="space-between">
          <Group gap="xs">
            <Button variant="default" onClick={() => void pick('files')} disabled={uploading}>
              {t('photos.upload.pick')}
            </Button>
            {platform.files.pickFolder ? (
              <Button variant="default" onClick={() => void pick('folder')} disabled={uploading}>
                {t('photos.upload.pickFolder')}
              </Button>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {t('photos.upload.accepted')}
          </Text>
        </Group>
        {files.length > 0 ? (
          <List spacing={4} size="sm" listStyleType="none" mah={240} style={{ overflow: 'auto' }}>
            {files.map((file) => (
              <List.Item key={`${file.name}-${file.size}`}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm" truncate>
                    {file.name}
                  </Text>
                  {!uploading ? (
                    <CloseButton
                      size="sm"
                      aria-label={t('photos.upload.remove', { name: file.name })}
                      onClick={() => setFiles((current) => current.filter((f) => f !== file))}
                    />
                  ) : null}
                </Group>
              </List.Item>
            ))}
          </List>
        ) : null}
        {uploading ? (
          <Stack gap={4}>
            <Text size="sm">{t('photos.upload.uploading', { done, total: files.length })}</Text>
            <Progress value={(done / Math.max(files.length, 1)) * 100} />
          </Stack>
        ) : null}
        <AppDialogAlert
          message={
            failures.length > 0
              ? failures.map((name) => t('photos.upload.failed', { name })).join(' ')
              : null
          }
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            {t('photos.upload.cancel')}
          </Button>
          <Button onClick={() => void confirm()} disabled={files.length === 0} loading={uploading}>
            {t('photos.upload.confirm')}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
