import { Alert, Modal } from '@mantine/core';
import type { AlertProps, ModalProps } from '@mantine/core';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';

export interface AppDialogProps extends Omit<ModalProps, 'opened'> {
  /** Whether the dialog is open. */
  opened: boolean;
  /** Escape closes the dialog when it is the newest one of the stack. @default true */
  closeOnEscape?: boolean;
  /** A click on the overlay closes the dialog (the upload modal sets false). @default true */
  closeOnClickOutside?: boolean;
}

interface StackEntry {
  id: string;
  closeOnEscape: boolean;
  close: () => void;
}

/** Base z-index of the first dialog; each newer one sits above the previous (spec §2: one stack). */
const BASE_Z_INDEX = 200;

/**
 * The one dialog stack of the app (spec §2 Dialogs). Mantine would let every open modal react to
 * the same Escape (the oldest first), so the modals get `closeOnEscape={false}` and this single
 * listener closes only the newest one, and nothing when the newest one disables Escape.
 */
const dialogStack = {
  entries: [] as StackEntry[],
  listeners: new Set<() => void>(),
  push(entry: StackEntry) {
    this.entries = [...this.entries.filter((e) => e.id !== entry.id), entry];
    this.emit();
  },
  update(entry: StackEntry) {
    if (!this.entries.some((e) => e.id === entry.id)) return;
    this.entries = this.entries.map((e) => (e.id === entry.id ? entry : e));
  },
  remove(id: string) {
    if (!this.entries.some((e) => e.id === id)) return;
    this.entries = this.entries.filter((e) => e.id !== id);
    this.emit();
  },
  emit() {
    for (const listener of this.listeners) listener();
    if (this.entries.length > 0) window.addEventListener('keydown', onEscape, true);
    else window.removeEventListener('keydown', onEscape, true);
  },
  subscribe(listener: () => void) {
    dialogStack.listeners.add(listener);
    return () => dialogStack.listeners.delete(listener);
  },
};

function onEscape(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.isComposing) return;
  const top = dialogStack.entries.at(-1);
  if (!top) return;
  // The Escape belongs to the dialog stack: pages under it (the photo preview) must not act too.
  event.stopImmediatePropagation();
  if (top.closeOnEscape) top.close();
}

/** Number of open dialogs (pages with their own Escape handling check it). */
export function openDialogCount(): number {
  return dialogStack.entries.length;
}

/** Re-renders when dialogs open or close; returns how many are open. */
export function useOpenDialogCount(): number {
  return useSyncExternalStore(
    (listener) => dialogStack.subscribe(listener),
    () => dialogStack.entries.length,
    () => 0,
  );
}

/**
 * Every dialog of the product (spec §2 Dialogs): one stack, Escape closes the newest dialog
 * unless it says `closeOnEscape={false}`, page scroll locked while open, focus trapped.
 */
export function AppDialog({
  opened,
  onClose,
  closeOnEscape = true,
  closeOnClickOutside = true,
  centered = true,
  zIndex,
  children,
  ...props
}: AppDialogProps) {
  const id = useId();
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
      returnFocus
      {...props}
    >
      {children}
    </Modal>
  );
}

/** Spec §9: a notification inside a dialog closes after 10 s. */
export const DIALOG_NOTIFICATION_MS = 10_000;

export interface AppDialogAlertProps extends Omit<AlertProps, 'children'> {
  /** The message; a new (different) message shows again after an auto-close. Null hides it. */
  message: ReactNode | null;
  /** Changes to show the same message again (e.g. the submit count). @default 0 */
  showKey?: number | string;
}

/**
 * An error or notice inside a dialog (spec §8: the dialog stays open and shows an alert). It
 * closes by itself after 10 s (spec §2).
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
