import { Suspense } from 'react';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../store/hooks';
import { lazyAfterContent } from '../../../ui/lazy-after-content';
import { selectLoadedPhotosById } from '../../photos/loaded-photos';
import {
  selectSelectedIds,
  selectSelectionMode,
  selectionStopped,
} from '../../photos/selection/selection-slice';
import { usePrintHandoff } from '../../print-order/use-print-handoff';

// Select mode's bars and the editor overlay show only after a click: fetched once the first
// photos are on screen, not before.
const PhotoSelectionBar = lazyAfterContent(() =>
  import('../../photo-actions/photo-selection-bar').then((m) => ({
    default: m.PhotoSelectionBar,
  })),
);
const OrderPrintsBar = lazyAfterContent(() =>
  import('../../print-order/order-prints-bar').then((m) => ({ default: m.OrderPrintsBar })),
);
const AddingToEditorOverlay = lazyAfterContent(() =>
  import('../../print-order/order-prints-bar').then((m) => ({
    default: m.AddingToEditorOverlay,
  })),
);

/**
 * The library's bars (docs/product.md#screens): select mode's actions, order-prints mode's
 * 'Next' and the overlay while the selection is handed to the print editor.
 */
export function LibraryBars() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const mode = useAppSelector(selectSelectionMode);
  const selectedIds = useAppSelector(selectSelectedIds);
  const printHandoff = usePrintHandoff();

  // Months scrolled away long ago may have left the cache: those photos go by id.
  const selectedItems = () => {
    const known = new Map(
      selectLoadedPhotosById(store.getState(), selectedIds).map((p) => [p.imageId, p]),
    );
    return selectedIds.map((id) => known.get(id) ?? id);
  };
  const startPrints = () => {
    void printHandoff.start([...selectedIds]).then((handedOver) => {
      if (handedOver) dispatch(selectionStopped());
    });
  };

  // A Suspense of their own: a bar still loading must not blank the page.
  return (
    <Suspense fallback={null}>
      {mode === 'select' ? (
        <PhotoSelectionBar view={{ kind: 'library' }} selectedItems={selectedItems} />
      ) : null}
      {mode === 'orderPrints' ? (
        <OrderPrintsBar
          count={selectedIds.length}
          onNext={startPrints}
          onCancel={() => dispatch(selectionStopped())}
        />
      ) : null}
      {printHandoff.adding !== null ? <AddingToEditorOverlay amount={printHandoff.adding} /> : null}
    </Suspense>
  );
}
