import { Box, Button, Stack, Text, Title } from '@mantine/core';
import { useContext, useEffect } from 'react';
import { PageTitleContext } from '../../ui/page-title-context';

export interface StandaloneMessagePageProps {
  title: string;
  message: string;
  /** A button that reloads the page. */
  reloadLabel?: string;
}

/**
 * A whole-page message for when the app cannot start (no config, no storage). It needs no
 * brand, router or store, so it works when they are missing. Its document title is
 * '{title} | {brand}' where the brand is known (cookies blocked), else the title alone (no config).
 */
export function StandaloneMessagePage({ title, message, reloadLabel }: StandaloneMessagePageProps) {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => setTitle(title), [setTitle, title]);
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
