import type * as MantineNotifications from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { afterPaint } from './after-paint';
import { focusResult, pageHeading } from './focus-result';
import type * as ToastMessageModule from './toast-message';
import type { ToastAction } from './toast-message';

export interface ToastOptions {
  message: ReactNode;
  color?: 'red';
  /** Milliseconds; default 5000 (docs/product.md#limits). `false` keeps it open. */
  autoClose?: number | false;
  /** Reusing an id replaces the toast with that id (e.g. 'Preparing download...' → 'Downloading photos'). */
  id?: string;
  /** How assistive technology announces it: 'status' waits its turn (news of a success), 'alert' interrupts. @default 'alert' */
  role?: 'status' | 'alert';
  /**
   * A button after the message (Undo). A toast with one takes focus when it appears and stays
   * open while the pointer is over it or keyboard focus is in it.
   */
  action?: ToastAction;
  /** Focus moves to the toast when it appears (the result of an action). @default true with `action` */
  focus?: boolean;
}

export const TOAST_AUTO_CLOSE_MS = 5000;

type NotificationsModule = typeof MantineNotifications;

/**
 * @mantine/notifications (its store, container and transitions) is not needed for a page's first
 * paint, so it loads with the first toast. Toasts wait until the container has mounted, so the
 * first one shows and animates like the later ones (e.g. 'Preparing download...' is seen before
 * it becomes 'Downloading photos'). Calls queue on one promise and so keep their order.
 */
let notificationsModule: Promise<NotificationsModule> | undefined;
let requested = false;
const listeners = new Set<() => void>();
let containerMounted: () => void = () => {};
const containerReady = new Promise<void>((resolve) => {
  containerMounted = resolve;
});
let generatedIds = 0;

export function loadNotifications(): Promise<NotificationsModule> {
  notificationsModule ??= import('@mantine/notifications');
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return notificationsModule;
}

/**
 * Toasts follow user actions (download, delete, copy...): the first pointer or key input starts
 * loading the container, so it is mounted by the time the first toast of that action comes.
 */
export function preloadToastsOnFirstInput(): () => void {
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const start = () => {
    stop();
    void loadNotifications();
  };
  const stop = () => {
    for (const type of events) window.removeEventListener(type, start, true);
  };
  for (const type of events) window.addEventListener(type, start, { capture: true, passive: true });
  return stop;
}

/** Called by the shell once the toast container has mounted. */
export function toastContainerMounted(): void {
  containerMounted();
}

/** The name of every toast's × button, in the page's language (set by the toast container). */
let closeLabel = 'Close';
export function setToastCloseLabel(label: string): void {
  closeLabel = label;
}

/** True once a toast was shown: the shell mounts the toast container from then on. */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => false,
  );
}

/**
 * Toast calls apply one after another, each after the previous one reached the screen: a fast
 * archive, finished before the container had loaded, would otherwise turn 'Preparing download...'
 * into 'Downloading photos' within one render, and the first message would never be seen.
 */
let applied: Promise<unknown> = Promise.resolve();

/** A toast with an action (its button, its timer) loads with the first such toast: not on a first visit. */
let toastMessageModule: Promise<typeof ToastMessageModule> | undefined;

function withNotifications(
  run: (module: NotificationsModule, messages: typeof ToastMessageModule | null) => void,
  { withAction = false } = {},
): void {
  const ready = Promise.all([
    loadNotifications(),
    containerReady,
    withAction ? (toastMessageModule ??= import('./toast-message')) : null,
  ]);
  applied = applied
    .then(() => ready)
    .then(([module, , messages]) => {
      run(module, messages);
      return afterPaint();
    })
    .catch((error: unknown) => console.error('toast', error));
}

/** The toast's element: Mantine gives it the toast's id. */
const toastElement = (toastId: string) => document.getElementById(toastId);

/** docs/product.md#screens: toasts are top-centre, dark, and close after 5 s. The container is mounted by the shell. */
export function showToast({
  message,
  color,
  autoClose = TOAST_AUTO_CLOSE_MS,
  id,
  role = 'alert',
  action,
  focus = action !== undefined,
}: ToastOptions): string {
  const toastId = id ?? `toast-${++generatedIds}`;
  const options = {
    id: toastId,
    role,
    color,
    position: 'top-center' as const,
    withBorder: false,
    className: 'app-toast',
    styles: {
      root: { backgroundColor: 'var(--mantine-color-dark-7)' },
      description: { color: 'var(--mantine-color-white)' },
      closeButton: { color: 'var(--mantine-color-white)' },
    },
    closeButtonProps: { 'aria-label': closeLabel },
  };
  withNotifications(
    ({ notifications, notificationsStore }, actions) => {
      const withAction =
        action && actions
          ? actions.actionToast({ message, action, autoClose, hide: () => hideToast(toastId) })
          : null;
      const shown = {
        ...options,
        message: withAction?.message ?? message,
        autoClose: withAction ? (false as const) : autoClose,
        ...withAction?.handlers,
        onOpen: () => {
          withAction?.start();
          // The result of an action: focus goes to what it says (docs/product.md#focus), after
          // the closing dialog has given focus back to its opener (a timer of its own).
          if (focus) void afterPaint().then(() => focusResult(toastElement(toastId)));
        },
        onClose: () => {
          withAction?.stop();
          // Focus in a closing toast would fall to the page's body: the page's heading takes it.
          const element = toastElement(toastId);
          if (element?.contains(document.activeElement)) focusResult(pageHeading());
        },
      };
      const state = notificationsStore.getState();
      const existing = [...state.notifications, ...state.queue].some((item) => item.id === toastId);
      if (existing) notifications.update(shown);
      else notifications.show(shown);
    },
    { withAction: action !== undefined },
  );
  return toastId;
}

export function hideToast(id: string): void {
  withNotifications(({ notifications }) => notifications.hide(id));
}
