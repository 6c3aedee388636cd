import { Box, Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';

export interface StandaloneMessagePageProps {
  title: string;
  message: string;
  /** A button that reloads the page. */
  reloadLabel?: string;
}

/**
 * A whole-page message for when the app cannot start (no config, no storage). It needs no
 * brand, router or store, so it works when they are missing.
 */
export function StandaloneMessagePage({ title, message, reloadLabel }: StandaloneMessagePageProps) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Box component="main" id="main" p="xl">
      <Stack align="center" ta="center" gap="md" py="xl" maw={560} mx="auto">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text>{message}</Text>
        {reloadLabel ? (
          <Button onClick={() => window.location.reload()}>{reloadLabel}</Button>
        ) : null}
      </Stack>
    </Box>
  );
}
