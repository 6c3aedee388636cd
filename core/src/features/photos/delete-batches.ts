/** Batch size of bulk deletes: the server accepts up to 1000 ids, 100 keeps each request short. */
export const DELETE_BATCH_SIZE = 100;
/** Rounds of retries for batches that failed, before giving up (docs/product.md#states). */
export const DELETE_MAX_RETRIES = 3;
export const RETRIES_EXCEEDED_MESSAGE = 'Exceeded maximum amount of retries!';
export const DELETE_FAILED_MESSAGE = 'Failed to delete photo!';

/** Splits a list into chunks; a size that is not an integer >= 1 gives no chunks (docs/product.md#validation). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) return [];
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

export interface DeleteBatchesOptions {
  batchSize?: number;
  maxRetries?: number;
  /** Wait before retry round `attempt` (1-based); tests pass a no-op. */
  wait?: (attempt: number) => Promise<void>;
}

const defaultWait = (attempt: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, 300 * attempt));

/**
 * Deletes `ids` in batches. A batch that throws, or ids the server lists as `failed`, are retried
 * (in fresh batches) up to `maxRetries` more rounds; then it throws
 * 'Exceeded maximum amount of retries!' with the ids still not deleted on `error.failedIds`.
 * Returns the ids that were deleted.
 */
export async function deleteInBatches(
  ids: readonly string[],
  deleteBatch: (batch: string[]) => Promise<{ failed: string[] }>,
  {
    batchSize = DELETE_BATCH_SIZE,
    maxRetries = DELETE_MAX_RETRIES,
    wait = defaultWait,
  }: DeleteBatchesOptions = {},
): Promise<string[]> {
  const deleted: string[] = [];
  let pending = [...ids];
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > maxRetries) {
      throw Object.assign(new Error(RETRIES_EXCEEDED_MESSAGE), { failedIds: pending });
    }
    if (attempt > 0) await wait(attempt);
    const failed: string[] = [];
    for (const batch of chunk(pending, batchSize)) {
      try {
        const result = await deleteBatch(batch);
        const failedHere = new Set(result.failed);
        for (const id of batch) (failedHere.has(id) ? failed : deleted).push(id);
      } catch (error) {
        // Aborts (page left) are not failures to retry.
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        failed.push(...batch);
      }
    }
    pending = failed;
  }
  return deleted;
}
