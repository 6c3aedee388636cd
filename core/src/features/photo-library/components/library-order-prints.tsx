import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { showToast } from '../../../ui/toast';
import { useResolveSelection } from '../../photos/selection/resolve-selection';
import { selectSelectedCount, selectionStopped } from '../../photos/selection/selection-slice';
import { AddingToEditorOverlay, OrderPrintsBar } from '../../print-order/order-prints-bar';
import { usePrintHandoff } from '../../print-order/use-print-handoff';

/**
 * Order-prints mode of the library (docs/product.md#screens): the bar with 'Next', which hands
 * the selection to the print editor, and the 'Adding … to editor' overlay while it does. A
 * module of its own so the hand-off's code is not part of the library's first download.
 */
export function LibraryOrderPrints() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const count = useAppSelector(selectSelectedCount);
  const resolve = useResolveSelection();
  const printHandoff = usePrintHandoff();

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

  return (
    <>
      <OrderPrintsBar
        count={count}
        onNext={startPrints}
        onCancel={() => dispatch(selectionStopped())}
      />
      {printHandoff.adding !== null ? <AddingToEditorOverlay amount={printHandoff.adding} /> : null}
    </>
  );
}
