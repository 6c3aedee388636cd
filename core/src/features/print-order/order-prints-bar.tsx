import { Button, Loader, Overlay, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BottomBar } from '../photos/components/bottom-bar';

export interface OrderPrintsBarProps {
  count: number;
  onNext: () => void;
  onCancel: () => void;
}

/** Order-prints mode's own bar (docs/product.md#screens): 'Selecting your photos...' until something is selected. */
export function OrderPrintsBar({ count, onNext, onCancel }: OrderPrintsBarProps) {
  const { t } = useTranslation();
  return (
    <BottomBar label={t('photos.header.orderPrints')}>
      {/* Cancel keeps its width; a long 'Next' label wraps instead (Dutch and German at 390 px). */}
      <Button variant="default" onClick={onCancel} style={{ flexShrink: 0 }}>
        {t('photos.header.cancel')}
      </Button>
      {count === 0 ? (
        <Text fw={600} aria-live="polite">
          {t('photos.orderPrints.selecting')}
        </Text>
      ) : (
        <Button
          onClick={onNext}
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
        >
          {t('photos.orderPrints.next', { amount: count, count })}
        </Button>
      )}
    </BottomBar>
  );
}

/** Covers the page while the selection is handed to the print editor. */
export function AddingToEditorOverlay({ amount }: { amount: number }) {
  const { t } = useTranslation();
  return (
    <Overlay fixed zIndex={300} backgroundOpacity={0.85} color="#fff" center>
      <Stack align="center" gap="sm" role="status" aria-live="assertive">
        <Loader />
        <Text fw={600}>{t('photos.orderPrints.adding', { amount, count: amount })}</Text>
      </Stack>
    </Overlay>
  );
}
