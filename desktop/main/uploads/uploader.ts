/**
 * Uploads of picked files (`photo:files:upload`): the handles the picker gave out become entries
 * of the upload queue (upload-queue.ts: the shared engine in main, streaming from disk), and the
 * call answers once each of them is settled. On the way it reports the files that changed, as
 * the upload model's files (core/src/transfer/upload-model.ts) named by their queue ids: the
 * first report names every file in the order given, so the renderer keys its rows by id from
 * the start (never by name: two folders may each hold an IMG_0001.JPG). The renderer never
 * sends bytes or paths, only handles.
 */
import type { UploadFile, UploadItemId } from '@photo/core/transfer/upload-model';
import type { UploadTarget } from '../../common/ipc-contract';
import type { ImagePicker } from '../files/image-picker';
import type { UploadQueue } from './upload-queue';

export interface UploaderDeps {
  picker: Pick<ImagePicker, 'resolve' | 'release'>;
  queue: UploadQueue;
}

export function createUploader({ picker, queue }: UploaderDeps) {
  /**
   * Queues every handle (unknown handles fail the whole call before anything is queued) and
   * resolves with each file's outcome, in the order given. A handle whose file failed stays
   * valid, so "Retry failed" can send it again; the others are forgotten.
   */
  async function uploadFiles(
    handles: string[],
    target: UploadTarget,
    onProgress: (files: UploadFile[]) => void,
  ): Promise<UploadFile[]> {
    const files = handles.map((handle) => picker.resolve(handle));
    const ids = await queue.add(
      files.map(({ path, name, type }) => ({ path, name, type })),
      target.albumId,
    );
    const sent = new Map<UploadItemId, string>();
    const report = () => {
      const changed: UploadFile[] = [];
      for (const id of ids) {
        const file = queue.file(id);
        if (!file) continue;
        const key = `${file.status}:${file.sentBytes}`;
        if (sent.get(id) === key) continue;
        sent.set(id, key);
        changed.push(file);
      }
      if (changed.length > 0) onProgress(changed);
    };
    const off = queue.subscribe(report);
    try {
      report();
      await queue.settled(ids);
      report();
      return ids.map(
        (id, index): UploadFile =>
          queue.file(id) ?? {
            // Dropped from the queue: the user cancelled.
            id,
            name: files[index]!.name,
            size: files[index]!.size,
            status: 'failed',
            sentBytes: 0,
            photoId: null,
            failure: { kind: 'cancelled', message: '' },
          },
      );
    } finally {
      off();
      ids.forEach((id, index) => {
        if (queue.entry(id)?.status !== 'failed') picker.release(handles[index]!);
      });
    }
  }

  return { uploadFiles };
}

export type Uploader = ReturnType<typeof createUploader>;
