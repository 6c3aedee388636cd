import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../store/hooks';
import { lazyAfterContent } from '../../../ui/lazy-after-content';
import { selectLoadedPhotosById } from '../../photos/loaded-photos';
import { useResolveSelection } from '../../photos/selection/resolve-selection';
import {
  selectSelectedCount,
  selectSelectionMode,
  selectionStopped,
} from '../../photos/selection/selection-slice';
import { showToast } from '../../../ui/toast';
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
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const mode = useAppSelector(selectSelectionMode);
  const count = useAppSelector(selectSelectedCount);
  const resolve = useResolveSelection();
  const printHandoff = usePrintHandoff();

  // Months scrolled away long ago, or never loaded, are not in the cache: those photos go by id.
  const selectedItems = (ids: readonly string[]) => {
    const known = new Map(selectLoadedPhotosById(store.getState(), ids).map((p) => [p.imageId, p]));
    return ids.map((id) => known.get(id) ?? id);
  };
  const startPrints = () => {
    void resolve()
      .then((ids) => printHandoff.start(ids))
      .then(
        (handedOver) => {
          if (handedOver) dispatch(selectionStopped());
        },
        () => showToast({ message: t('photos.orderPrints.transferError'), color: 'red' }),
      );
  };

  // A Suspense of their own: a bar still loading must not blank the page.
  return (
    <Suspense fallback={null}>
      {mode === 'select' ? (
        <PhotoSelectionBar view={{ kind: 'library' }} selectedItems={selectedItems} />
      ) : null}
      {mode === 'orderPrints' ? (
        <OrderPrintsBar
          count={count}
          onNext={startPrints}
          onCancel={() => dispatch(selectionStopped())}
        />
      ) : null}
      {printHandoff.adding !== null ? <AddingToEditorOverlay amount={printHandoff.adding} /> : null}
    </Suspense>
  );
}
