import { Suspense, lazy, useState } from 'react';
import { useOpenedOnce } from './dialog-stack';

// The dialog (Mantine's Modal, its focus trap and scroll lock) loads when first opened: the bars
// and pages that offer a destructive action load right after a first paint and must stay light.
const ConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

export interface ConfirmedActionProps<T> {
  /** The dialog is open (the caller's button opens it). */
  opened: boolean;
  /** Closes the dialog: Cancel, Escape, or the action went through. */
  onClose: () => void;
  title: string;
  text: string;
  confirmLabel: string;
  /** Shown inside the dialog when `act` answers null; the dialog stays open for a retry. */
  errorMessage: string;
  /**
   * Runs the action after the confirmation: its result, or null when it failed. The confirm
   * button spins while it runs.
   */
  act: () => Promise<T | null> | T | null;
  /**
   * After success, once the dialog has closed (so a toast that takes focus keeps it): the toast,
   * a navigation, the end of a selection.
   */
  onDone: (result: T) => void;
}

/**
 * Confirm, then act, then say what happened (docs/product.md#messages): every destructive action's
 * flow. A failure stays in the dialog with its message; success closes it and hands the result to
 * `onDone`. The dialog mounts when first opened and stays mounted so closing keeps its transition.
 */
export function ConfirmedAction<T>({
  opened,
  onClose,
  title,
  text,
  confirmLabel,
  errorMessage,
  act,
  onDone,
}: ConfirmedActionProps<T>) {
  const openedOnce = useOpenedOnce(opened);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState(0);
  if (!openedOnce) return null;

  const close = () => {
    setFailures(0);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    const result = await Promise.resolve()
      .then(act)
      .catch(() => null)
      .finally(() => setBusy(false));
    if (result === null) {
      setFailures((n) => n + 1);
      return;
    }
    close();
    onDone(result);
  };
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        opened={opened}
        title={title}
        text={text}
        confirmLabel={confirmLabel}
        busy={busy}
        error={failures > 0 ? errorMessage : null}
        errorKey={failures}
        onConfirm={() => void confirm()}
        onClose={close}
      />
    </Suspense>
  );
}
