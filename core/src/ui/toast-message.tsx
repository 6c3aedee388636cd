import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A toast's message with its action's button after it (`showToast`'s `action`). */
export function ToastMessageWithAction({
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
