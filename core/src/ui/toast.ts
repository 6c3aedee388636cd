import { notifications, notificationsStore } from '@mantine/notifications';
import type { ReactNode } from 'react';

export interface ToastOptions {
  message: ReactNode;
  color?: 'red';
  /** Milliseconds; default 5000 (spec §9). `false` keeps it open. */
  autoClose?: number | false;
  /** Reusing an id replaces the toast with that id (e.g. 'Preparing download...' → 'Downloading photos'). */
  id?: string;
}

export const TOAST_AUTO_CLOSE_MS = 5000;

/** Spec §2: toasts are top-centre, dark, and close after 5 s. The container is mounted by the shell. */
export function showToast({ message, color, autoClose = TOAST_AUTO_CLOSE_MS, id }: ToastOptions): string {
  const options = {
    message,
    color,
    autoClose,
    position: 'top-center' as const,
    withBorder: false,
    className: 'app-toast',
    styles: {
      root: { backgroundColor: 'var(--mantine-color-dark-7)' },
      description: { color: 'var(--mantine-color-white)' },
      closeButton: { color: 'var(--mantine-color-white)' },
    },
  };
  const state = notificationsStore.getState();
  const existing = id && [...state.notifications, ...state.queue].some((item) => item.id === id);
  if (id && existing) {
    notifications.update({ id, ...options });
    return id;
  }
  return notifications.show(id ? { id, ...options } : options);
}

export function hideToast(id: string): void {
  notifications.hide(id);
}
