import { Suspense } from 'react';
import { useAppSelector, useAppStore } from '../../../store/hooks';
import { lazyAfterContent } from '../../../ui/lazy-after-content';
import { selectLoadedPhotosById } from '../../photos/loaded-photos';
import { selectSelectionMode } from '../../photos/selection/selection-slice';

// Select mode's and order-prints mode's bars show only after a click: fetched once the first
// photos are on screen, not before (with them the selection resolver and the print hand-off).
const PhotoSelectionBar = lazyAfterContent(() =>
  import('../../photo-actions/photo-selection-bar').then((m) => ({
    default: m.PhotoSelectionBar,
  })),
);
const LibraryOrderPrints = lazyAfterContent(() =>
  import('./library-order-prints').then((m) => ({ default: m.LibraryOrderPrints })),
);

/**
 * The library's bars (docs/product.md#screens): select mode's actions, order-prints mode's
 * 'Next' and the overlay while the selection is handed to the print editor.
 */
export function LibraryBars() {
  const store = useAppStore();
  const mode = useAppSelector(selectSelectionMode);

  // Months scrolled away long ago, or never loaded, are not in the cache: those photos go by id.
  const selectedItems = (ids: readonly string[]) => {
    const known = new Map(selectLoadedPhotosById(store.getState(), ids).map((p) => [p.imageId, p]));
    return ids.map((id) => known.get(id) ?? id);
  };

  // A Suspense of their own: a bar still loading must not blank the page.
  return (
    <Suspense fallback={null}>
      {mode === 'select' ? (
        <PhotoSelectionBar view={{ kind: 'library' }} selectedItems={selectedItems} />
      ) : null}
      {mode === 'orderPrints' ? <LibraryOrderPrints /> : null}
    </Suspense>
  );
}
