import { Alert, Modal } from '@mantine/core';
import type { AlertProps, ModalProps } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogStack } from './dialog-stack';

// Pages that only need the stack's count import ./dialog-stack and so do not load Modal.
export { openDialogCount, useOpenDialogCount } from './dialog-stack';

export interface AppDialogProps extends Omit<ModalProps, 'opened'> {
  /** Whether the dialog is open. */
  opened: boolean;
  /** Escape closes the dialog when it is the newest one of the stack. @default true */
  closeOnEscape?: boolean;
  /** A click on the overlay closes the dialog (the upload modal sets false). @default true */
  closeOnClickOutside?: boolean;
}

/** Base z-index of the first dialog; each newer one sits above the previous (docs/product.md#screens: one stack). */
const BASE_Z_INDEX = 200;

/**
 * Every dialog of the product (docs/product.md#screens Dialogs): one stack, Escape closes the newest dialog
 * unless it says `closeOnEscape={false}`, page scroll locked while open, focus trapped, the ×
 * named 'Close', and focus back on the element that opened it when it closes.
 */
export function AppDialog({
  opened,
  onClose,
  closeOnEscape = true,
  closeOnClickOutside = true,
  centered = true,
  zIndex,
  closeButtonProps,
  children,
  ...props
}: AppDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  useReturnFocus(opened);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  const [depth, setDepth] = useState(0);

  useEffect(() => {
    if (!opened) return undefined;
    dialogStack.push({ id, closeOnEscape, close: () => onCloseRef.current() });
    setDepth(dialogStack.entries.length - 1);
    return () => dialogStack.remove(id);
    // closeOnEscape changes are applied by the effect below without reordering the stack.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, id]);

  useEffect(() => {
    dialogStack.update({ id, closeOnEscape, close: () => onCloseRef.current() });
  }, [id, closeOnEscape]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeOnEscape={false}
      closeOnClickOutside={closeOnClickOutside}
      centered={centered}
      zIndex={zIndex ?? BASE_Z_INDEX + depth * 10}
      trapFocus
      lockScroll
      returnFocus={false}
      closeButtonProps={{ 'aria-label': t('common.close'), ...closeButtonProps }}
      {...props}
    >
      {children}
    </Modal>
  );
}

/**
 * Remembers what had focus when `opened` became true and gives it focus back when it turns false
 * or the dialog unmounts. Mantine's own `returnFocus` misses a modal that mounts already open
 * (every lazily loaded dialog on its first opening) and left focus on the page's body.
 */
function useReturnFocus(opened: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!opened) return undefined;
    // Runs before Mantine's focus trap moves focus in (its first focus waits for a timer).
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    return () => {
      const target = opener.current;
      opener.current = null;
      // After the modal's own focus handling of this close.
      window.setTimeout(() => {
        if (target?.isConnected) target.focus({ preventScroll: true });
      }, 0);
    };
  }, [opened]);
}

/** docs/product.md#limits: a notification inside a dialog closes after 10 s. */
export const DIALOG_NOTIFICATION_MS = 10_000;

export interface AppDialogAlertProps extends Omit<AlertProps, 'children'> {
  /** The message; a new (different) message shows again after an auto-close. Null hides it. */
  message: ReactNode | null;
  /** Changes to show the same message again (e.g. the submit count). @default 0 */
  showKey?: number | string;
}

/**
 * An error or notice inside a dialog (docs/product.md#messages: the dialog stays open and shows an alert). It
 * closes by itself after 10 s (docs/product.md#screens).
 */
export function AppDialogAlert({ message, showKey = 0, ...props }: AppDialogAlertProps) {
  const [hiddenFor, setHiddenFor] = useState<string | null>(null);
  const key = `${String(showKey)}:${typeof message === 'string' ? message : ''}`;
  useEffect(() => {
    if (message === null) return undefined;
    const timer = window.setTimeout(() => setHiddenFor(key), DIALOG_NOTIFICATION_MS);
    return () => window.clearTimeout(timer);
  }, [key, message]);
  if (message === null || hiddenFor === key) return null;
  return (
    <Alert color="red" role="alert" variant="light" {...props}>
      {message}
    </Alert>
  );
}
