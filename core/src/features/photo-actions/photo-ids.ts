/**
 * The photos an action works on: known ids (the preview's photo, an album's picks), or a read
 * of them when the action runs (a selection holding whole months or the library, whose ids are
 * fetched only then, see `photos/selection/resolve-selection.ts`).
 */
export type PhotoIds = readonly string[] | (() => Promise<readonly string[]>);

export async function readPhotoIds(ids: PhotoIds): Promise<string[]> {
  return typeof ids === 'function' ? [...(await ids())] : [...ids];
}

/** How many photos: `count` when given (a read whose result is not known yet), else the ids'. */
export function photoCount(ids: PhotoIds, count?: number): number {
  return count ?? (typeof ids === 'function' ? 0 : ids.length);
}
