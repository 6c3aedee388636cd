import { useTranslation } from 'react-i18next';
import { useFeatureFlag } from '../flags/use-feature-flag';
import { ActionButton } from './action-button';
import type { ActionPlacement } from './action-button';

export interface OrderPrintsActionProps {
  placement: ActionPlacement;
  count: number;
  /** Hands the photos to the print editor. */
  onOrder?: () => void;
  /** Disabled, with this reason as tooltip (shared albums). */
  disabledReason?: string | null;
}

/** Order prints of the selected photos (only with the order-prints flag, docs/product.md#roles-and-flags). */
export function OrderPrintsAction({
  placement,
  count,
  onOrder,
  disabledReason = null,
}: OrderPrintsActionProps) {
  const { t } = useTranslation();
  const enabled = useFeatureFlag('PhotoManagementOrderPrintsEnabled');
  if (!enabled) return null;
  return (
    <ActionButton
      placement={placement}
      label={t('albums.orderPrints')}
      icon={null}
      disabled={count === 0 || !onOrder}
      disabledReason={disabledReason}
      onClick={() => onOrder?.()}
    />
  );
}
