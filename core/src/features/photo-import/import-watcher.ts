import type { PushMessage } from '../../api/schemas/push';
import { COUNTERS } from '../../store/analytics';
import type { CounterName } from '../../store/analytics';
import type { PushConnection } from '../push/push-connection';
import { importMessageReceived, initialImportProgress, isFinished } from './import-progress';
import type { ImportProgress } from './import-progress';

/** docs/product.md#limits: the status is asked again 10 s after "import finished". */
export const ACTIVATION_REFETCH_DELAY_MS = 10_000;

/** The analytics counter of a finished import (docs/product.md, "Page furniture"). */
export const IMPORT_FINISHED_EVENT = COUNTERS.importFinished;

export interface ImportWatcherOptions {
  connection: PushConnection;
  /** Called with every change of what is known. */
  onProgress: (progress: ImportProgress) => void;
  /** Asks the server for the status again (after a finished import). */
  refetchStatus: () => Promise<unknown>;
  /** Records an analytics counter (the store's tracker, which honours the consent). */
  track: (event: CounterName) => void;
  /** The import is over: the screen marks it no longer in progress. */
  onDone: () => void;
  /** Closes the push socket unless another feature still waits for messages. */
  release: () => void;
}

/**
 * Watches one import over the push connection (docs/product.md#states): the newest message by
 * timestamp counts, unparseable ones are dropped; on "import finished" it records the event,
 * waits 10 s, asks for the status again, marks the import over and lets the socket go.
 */
export function watchImport(options: ImportWatcherOptions): () => void {
  let progress = initialImportProgress;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const unsubscribe = options.connection.subscribe((message: PushMessage) => {
    if (stopped || timer) return;
    const next = importMessageReceived(progress, message);
    if (next === progress) return;
    progress = next;
    options.onProgress(progress);
    if (!isFinished(progress.latest)) return;
    options.track(IMPORT_FINISHED_EVENT);
    timer = setTimeout(() => {
      void options
        .refetchStatus()
        .catch(() => undefined)
        .finally(() => {
          if (stopped) return;
          stop();
          options.onDone();
        });
    }, ACTIVATION_REFETCH_DELAY_MS);
  });
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (timer) clearTimeout(timer);
    unsubscribe();
    options.release();
  };
  return stop;
}
