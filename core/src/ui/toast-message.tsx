import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A button in a toast that undoes what the toast reports (docs/product.md#toasts-and-dialogs). */
export interface ToastAction {
  /** The button's text, e.g. 'Undo'. */
  label: string;
  /** Runs once; the toast closes first. */
  onClick: () => void;
}

/** A toast's message with its action's button after it (`showToast`'s `action`). */
function ToastMessageWithAction({
  message,
  actionLabel,
  onAction,
}: {
  message: ReactNode;
  actionLabel: string;
  onAction: () => void;
}) {
  return (
    <Group gap="sm" justify="space-between" wrap="nowrap">
      <span>{message}</span>
      <Button size="compact-sm" variant="white" color="dark" onClick={onAction} flex="none">
        {actionLabel}
      </Button>
    </Group>
  );
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

/**
 * What a toast with an action adds to Mantine's options (`showToast` loads it with such a toast):
 * the message with the button, the close timer's handlers, `start` when shown, `stop` when closed.
 */
export function actionToast({
  message,
  action,
  autoClose,
  hide,
}: {
  message: ReactNode;
  action: ToastAction;
  autoClose: number | false;
  hide: () => void;
}) {
  const timer = actionToastTimer(autoClose, hide);
  const run = () => {
    timer.stop();
    hide();
    action.onClick();
  };
  return {
    message: <ToastMessageWithAction message={message} actionLabel={action.label} onAction={run} />,
    handlers: timer.handlers,
    start: timer.start,
    stop: timer.stop,
  };
}
