/** Pure rules of the photo preview (docs/product.md#screens Photo preview), kept apart from React to test them. */

export interface PreviewPosition {
  index: number;
  previousId: string | null;
  nextId: string | null;
  /** The shown photo is the last loaded one and more pages exist: load the next page now. */
  loadMore: boolean;
}

/**
 * Where `photoId` sits in the loaded list. Null when the list is empty or the id is not in it
 * and no more pages could bring it (the caller then redirects to the list).
 */
export function previewPosition(
  ids: readonly string[],
  photoId: string,
  hasMore: boolean,
): PreviewPosition | null {
  const index = ids.indexOf(photoId);
  if (index < 0) return null;
  return {
    index,
    previousId: index > 0 ? ids[index - 1]! : null,
    nextId: index < ids.length - 1 ? ids[index + 1]! : null,
    loadMore: index === ids.length - 1 && hasMore,
  };
}

/**
 * Which photo to show after `deletedId` was deleted from `idsBefore` (the list before the
 * delete): the previous one, or the second one (the new first) when the first was deleted.
 * Null when nothing is left (back to the list).
 */
export function photoAfterDelete(idsBefore: readonly string[], deletedId: string): string | null {
  const index = idsBefore.indexOf(deletedId);
  const remaining = idsBefore.filter((id) => id !== deletedId);
  if (remaining.length === 0) return null;
  if (index <= 0) return remaining[0]!;
  return idsBefore[index - 1]!;
}

/** Neighbours worth preloading so previous/next shows at once. */
export function neighbourIds(ids: readonly string[], index: number, radius = 1): string[] {
  const result: string[] = [];
  for (let step = 1; step <= radius; step += 1) {
    if (index + step < ids.length) result.push(ids[index + step]!);
    if (index - step >= 0) result.push(ids[index - step]!);
  }
  return result;
}

/**
 * `uploadUrl` query parameter (docs/product.md#validation): only an absolute http or https URL counts; anything else
 * (javascript:, relative paths, garbage) is ignored.
 */
export function validUploadUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** docs/product.md#screens: the uploaded-order variant when sorted by 'created', otherwise created (taken) order. */
export type PreviewVariant = 'uploadedOrder' | 'createdOrder';
export function previewVariant(sortKey: 'created' | 'dateTaken'): PreviewVariant {
  return sortKey === 'created' ? 'uploadedOrder' : 'createdOrder';
}
