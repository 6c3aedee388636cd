import { Button, Group, Loader, Overlay, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './photo-library.module.css';

export interface OrderPrintsBarProps {
  count: number;
  onNext: () => void;
  onCancel: () => void;
}

/** Order-prints mode's own bar (docs/product.md#screens): 'Selecting your photos...' until something is selected. */
export function OrderPrintsBar({ count, onNext, onCancel }: OrderPrintsBarProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.bar} role="region" aria-label={t('photos.header.orderPrints')}>
      <Group justify="space-between" wrap="nowrap" maw={1280} mx="auto">
        <Button variant="default" onClick={onCancel}>
          {t('photos.header.cancel')}
        </Button>
        {count === 0 ? (
          <Text fw={600} aria-live="polite">
            {t('photos.orderPrints.selecting')}
          </Text>
        ) : (
          <Button onClick={onNext}>{t('photos.orderPrints.next', { amount: count })}</Button>
        )}
      </Group>
    </div>
  );
}

/** Covers the page while the selection is handed to the print editor. */
export function AddingToEditorOverlay({ amount }: { amount: number }) {
  const { t } = useTranslation();
  return (
    <Overlay fixed zIndex={300} backgroundOpacity={0.85} color="#fff" center>
      <Stack align="center" gap="sm" role="status" aria-live="assertive">
        <Loader />
        <Text fw={600}>{t('photos.orderPrints.adding', { amount })}</Text>
      </Stack>
    </Overlay>
  );
}
