import type { UploadTotals } from '../../transfer/upload-model';

/** i18next's `t` for the plural texts used here (the desktop panel passes its own, same rules). */
export type CountText = (key: string, options: { count: number }) => string;

/** What an upload run ended with (docs/product.md#states "Upload": the outcome toast). */
export interface UploadOutcome {
  /** Photos new to the library (or album). */
  added: number;
  /** Photos that were already in the library: skipped, not sent again. */
  duplicates: number;
  /** Photos that could not be added. */
  failed: number;
}

export function outcomeOf(
  totals: Pick<UploadTotals, 'done' | 'duplicate' | 'failed'>,
): UploadOutcome {
  return { added: totals.done, duplicates: totals.duplicate, failed: totals.failed };
}

/**
 * The sentence that tells the customer what an upload did, in parts joined by ' · ':
 * '3 photos added', '2 photos added · 1 was already in your photos', 'This photo is already in
 * your photos' (every file a duplicate; 'These 3 photos …' for several), and '1 photo could not
 * be added: please try again' for failures. Every part is a plural text (`_one` / `_other`, and
 * `_many` where the language has it). Null when the run took no file.
 */
export function uploadOutcomeMessage(t: CountText, outcome: UploadOutcome): string | null {
  const { added, duplicates, failed } = outcome;
  const parts: string[] = [];
  if (added > 0) parts.push(t('photos.upload.outcome.added', { count: added }));
  if (duplicates > 0)
    parts.push(
      added > 0
        ? t('photos.upload.outcome.alsoDuplicates', { count: duplicates })
        : t('photos.upload.outcome.allDuplicates', { count: duplicates }),
    );
  if (failed > 0) parts.push(t('photos.upload.outcome.failed', { count: failed }));
  return parts.length > 0 ? parts.join(' · ') : null;
}
