import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** The main sentence, e.g. 'You have no orders yet'. */
  title: string;
  /** A second, quieter sentence. */
  hint?: string;
  /** A call to action (a button or link). */
  action?: ReactNode;
}

/** What a list shows when it has nothing in it. */
export function EmptyState({ title, hint, action }: EmptyStateProps) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="xs" ta="center">
        <Text fw={600} size="lg">
          {title}
        </Text>
        {hint ? <Text c="dimmed">{hint}</Text> : null}
        {action}
      </Stack>
    </Paper>
  );
}
