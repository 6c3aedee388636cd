import { Center, Loader, Stack, Text } from '@mantine/core';

export interface LoadingScreenProps {
  /** Announced to screen readers and shown under the spinner. */
  label: string;
}

/** A full-area spinner with a live label. */
export function LoadingScreen({ label }: LoadingScreenProps) {
  return (
    <Center mih="50vh" p="xl">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden="true" />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
