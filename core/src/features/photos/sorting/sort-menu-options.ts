import type { SortingOptions } from '../../../api/schemas/paging';
import type { SortingView } from './sorting-slice';

export interface SortMenuOption {
  /** Stable id for menus and tests, e.g. `dateTaken-desc`. */
  id: string;
  options: SortingOptions;
  /** i18n key of the label. */
  labelKey: string;
}

function option(
  sortKey: SortingOptions['sortKey'],
  sortOrder: SortingOptions['sortOrder'],
  labelKey: string,
): SortMenuOption {
  return { id: `${sortKey}-${sortOrder}`, options: { sortKey, sortOrder }, labelKey };
}

/**
 * The docs/product.md#limits sort options. `created` is when a photo entered the list: for the library that is the
 * upload ('Date uploaded'), inside an album the moment it was added ('Date added').
 */
export function sortMenuOptions(view: SortingView): SortMenuOption[] {
  const createdLabel = view === 'photos' ? 'uploaded' : 'added';
  return [
    option('dateTaken', 'desc', 'photos.sort.dateTakenDesc'),
    option('dateTaken', 'asc', 'photos.sort.dateTakenAsc'),
    option('created', 'desc', `photos.sort.${createdLabel}Desc`),
    option('created', 'asc', `photos.sort.${createdLabel}Asc`),
  ];
}

export function sortMenuOptionId(options: SortingOptions): string {
  return `${options.sortKey}-${options.sortOrder}`;
}
