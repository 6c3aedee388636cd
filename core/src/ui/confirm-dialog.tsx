import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog, AppDialogAlert } from './app-dialog';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** The confirm button spins while the request runs. @default false */
  busy?: boolean;
  /** A failure shown inside the dialog, which stays open (docs/product.md#messages). */
  error?: string | null;
  /** Changes to show the same error again after a retry. @default 0 */
  errorKey?: number;
}

/** The confirmation of a destructive action: its text, Cancel and a red confirm button. */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  error = null,
  errorKey = 0,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog opened={opened} onClose={onClose} title={title}>
      <Stack>
        <AppDialogAlert message={error} showKey={errorKey} />
        <Text size="sm">{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
