/**
 * Uploads of picked files (`photo:files:upload`): the handles the picker gave out become entries
 * of the upload queue (upload-queue.ts: the shared engine in main, streaming from disk), and the
 * call answers once each of them is settled, with progress per file on the way. The renderer
 * never sends bytes or paths, only handles.
 */
import type { UploadProgress, UploadTarget } from '../../common/ipc-contract';
import type { ImagePicker } from '../files/image-picker';
import type { QueueEntry, UploadQueue } from './upload-queue';

export interface UploaderDeps {
  picker: Pick<ImagePicker, 'resolve' | 'release'>;
  queue: UploadQueue;
}

function progressOf(entry: QueueEntry, sentBytes: number): UploadProgress {
  const settled = entry.status === 'done' || entry.status === 'duplicate';
  return {
    fileName: entry.name,
    totalBytes: entry.size,
    loadedBytes: settled ? entry.size : entry.status === 'uploading' ? sentBytes : 0,
    done: settled || entry.status === 'failed',
    status: entry.status,
    ...(entry.photoId ? { photoId: entry.photoId } : {}),
    ...(entry.failure ? { error: entry.failure.message, failureKind: entry.failure.kind } : {}),
  };
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
    onProgress: (progress: UploadProgress) => void,
  ): Promise<UploadProgress[]> {
    const files = handles.map((handle) => picker.resolve(handle));
    const ids = await queue.add(
      files.map(({ path, name, type }) => ({ path, name, type })),
      target.albumId,
    );
    const sent = new Map<string, string>();
    const report = () => {
      const live = new Map(queue.getSnapshot().files.map((file) => [file.id, file]));
      for (const id of ids) {
        const entry = queue.entry(id);
        if (!entry) continue;
        const progress = progressOf(entry, live.get(id)?.sentBytes ?? 0);
        const key = `${progress.status}:${progress.loadedBytes}`;
        if (sent.get(id) === key) continue;
        sent.set(id, key);
        onProgress(progress);
      }
    };
    const off = queue.subscribe(report);
    try {
      report();
      const outcome = await queue.settled(ids);
      report();
      const byId = new Map(outcome.map((entry) => [entry.id, entry]));
      return ids.map((id, index): UploadProgress => {
        const entry = byId.get(id);
        if (entry) return progressOf(entry, 0);
        // Dropped from the queue: the user cancelled.
        const file = files[index]!;
        return {
          fileName: file.name,
          totalBytes: file.size,
          loadedBytes: 0,
          done: true,
          status: 'failed',
          error: 'Cancelled',
          failureKind: 'cancelled',
        };
      });
    } finally {
      off();
      ids.forEach((id, index) => {
        const entry = queue.entry(id);
        if (entry?.status !== 'failed') picker.release(handles[index]!);
      });
    }
  }

  return { uploadFiles };
}

export type Uploader = ReturnType<typeof createUploader>;
