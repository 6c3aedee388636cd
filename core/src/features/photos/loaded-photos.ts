import type { SortingOptions } from '../../api/schemas/paging';
import type { Photo } from '../../api/schemas/photo';
import type { RootState } from '../../store/store';
import { photosApi } from './api';
import type { MonthPhotosArg } from './api';

/** What a month section has loaded, or null before its first page arrived. */
export function selectMonthLoaded(
  state: RootState,
  arg: MonthPhotosArg,
): { photos: number; hasMore: boolean } | null {
  const data = photosApi.endpoints.getMonthPhotos.select(arg)(state).data;
  if (!data || data.pages.length === 0) return null;
  const photos = data.pages.reduce((n, page) => n + page.images.length, 0);
  return { photos, hasMore: data.pages.at(-1)?.cursor != null };
}

/** Every loaded photo of the timeline in display order (Ctrl/Cmd+A, shift-click ranges, downloads). */
export function selectLoadedTimelinePhotos(
  state: RootState,
  args: readonly MonthPhotosArg[],
): Photo[] {
  const photos: Photo[] = [];
  for (const arg of args) {
    const data = photosApi.endpoints.getMonthPhotos.select(arg)(state).data;
    for (const page of data?.pages ?? []) photos.push(...page.images);
  }
  return photos;
}

/** Every loaded photo of the flat list in display order. */
export function selectLoadedFlatPhotos(state: RootState, sort: SortingOptions): Photo[] {
  const data = photosApi.endpoints.getPhotos.select(sort)(state).data;
  return data?.pages.flatMap((page) => page.images) ?? [];
}

/** Looks up loaded photos by id from any cached photo list (the selection keeps ids only). */
export function selectLoadedPhotosById(state: RootState, ids: readonly string[]): Photo[] {
  const wanted = new Set(ids);
  const found = new Map<string, Photo>();
  for (const entry of photosApi.util.selectInvalidatedBy(state, ['MonthPhotos', 'Photos'])) {
    const data =
      entry.endpointName === 'getMonthPhotos'
        ? photosApi.endpoints.getMonthPhotos.select(entry.originalArgs as MonthPhotosArg)(state)
            .data
        : entry.endpointName === 'getPhotos'
          ? photosApi.endpoints.getPhotos.select(entry.originalArgs as SortingOptions)(state).data
          : undefined;
    for (const page of data?.pages ?? []) {
      for (const photo of page.images)
        if (wanted.has(photo.imageId)) found.set(photo.imageId, photo);
    }
  }
  return ids.flatMap((id) => {
    const photo = found.get(id);
    return photo ? [photo] : [];
  });
}
