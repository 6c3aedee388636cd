import type * as MantineNotifications from '@mantine/notifications';
import type { ReactNode } from 'react';
import { createElement, useSyncExternalStore } from 'react';
import { afterPaint } from './after-paint';
import { focusResult, pageHeading } from './focus-result';
import { ToastMessageWithAction } from './toast-message';

/** A button in a toast that undoes what the toast reports (docs/product.md#toasts-and-dialogs). */
export interface ToastAction {
  /** The button's text, e.g. 'Undo'. */
  label: string;
  /** Runs once; the toast closes first. */
  onClick: () => void;
}

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

function withNotifications(run: (module: NotificationsModule) => void): void {
  const ready = Promise.all([loadNotifications(), containerReady]);
  applied = applied
    .then(() => ready)
    .then(([module]) => {
      run(module);
      return afterPaint();
    })
    .catch((error: unknown) => console.error('toast', error));
}

/**
 * The close timer of a toast with an action. Mantine pauses its own timer on hover but not on
 * focus, so these toasts keep their own: paused while hovered or while focus is in the toast and
 * was put there by the keyboard (`:focus-visible`; the toast's own focus after a click does not
 * hold it, so a pointer customer still gets the toast's 5 s), started afresh when both end.
 */
function actionToastTimer(duration: number | false, close: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let hovered = false;
  let focused = false;
  const sync = () => {
    clearTimeout(timer);
    timer = undefined;
    if (duration !== false && !hovered && !focused) timer = setTimeout(close, duration);
  };
  return {
    start: sync,
    stop: () => clearTimeout(timer),
    handlers: {
      onMouseEnter: () => {
        hovered = true;
        sync();
      },
      onMouseLeave: () => {
        hovered = false;
        sync();
      },
      onFocusCapture: (event: { target: EventTarget }) => {
        focused = focusIsVisible(event.target);
        sync();
      },
      onBlurCapture: (event: { currentTarget: EventTarget; relatedTarget: EventTarget | null }) => {
        const stays =
          event.currentTarget instanceof Node &&
          event.relatedTarget instanceof Node &&
          event.currentTarget.contains(event.relatedTarget);
        if (stays) return;
        focused = false;
        sync();
      },
    },
  };
}

function focusIsVisible(target: EventTarget): boolean {
  if (!(target instanceof Element)) return false;
  try {
    return target.matches(':focus-visible');
  } catch {
    // A DOM without the selector (tests): any focus holds the toast.
    return true;
  }
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
  let timer: ReturnType<typeof actionToastTimer> | null = null;
  if (action) {
    timer = actionToastTimer(autoClose, () => hideToast(toastId));
  }
  const runAction = () => {
    timer?.stop();
    hideToast(toastId);
    action?.onClick();
  };
  const options = {
    id: toastId,
    role,
    message: action
      ? createElement(ToastMessageWithAction, {
          message,
          actionLabel: action.label,
          onAction: runAction,
        })
      : message,
    color,
    autoClose: timer ? (false as const) : autoClose,
    ...timer?.handlers,
    onOpen: () => {
      timer?.start();
      // The result of an action: focus goes to what it says (docs/product.md#focus).
      if (focus) focusResult(toastElement(toastId));
    },
    onClose: () => {
      timer?.stop();
      // Focus in a closing toast would fall to the page's body: the page's heading takes it.
      const element = toastElement(toastId);
      if (element?.contains(document.activeElement)) focusResult(pageHeading());
    },
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
  withNotifications(({ notifications, notificationsStore }) => {
    const state = notificationsStore.getState();
    const existing = [...state.notifications, ...state.queue].some((item) => item.id === toastId);
    if (existing) notifications.update(options);
    else notifications.show(options);
  });
  return toastId;
}

export function hideToast(id: string): void {
  withNotifications(({ notifications }) => notifications.hide(id));
}
