import { Center, Loader, Stack, Text, type LoaderProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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

export interface LoadingSpinnerProps {
  size?: LoaderProps['size'];
  color?: LoaderProps['color'];
}

/**
 * An inline spinner that screen readers announce as "Loading…". Mantine's loader is a plain
 * span, which may not carry a name of its own: the status role gives it one.
 */
export function LoadingSpinner({ size, color }: LoadingSpinnerProps) {
  const { t } = useTranslation();
  return <Loader role="status" aria-label={t('common.loading')} size={size} color={color} />;
}
