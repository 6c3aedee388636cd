import { Alert } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../ui/error-notice';
import { useFocusOnResult } from '../../../ui/focus-result';

/** What a settings page's query gives its failure notice. */
export interface FailedQuery {
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * docs/product.md#messages: 'An error occurred loading your settings', as the one failure notice
 * (docs/product.md#failures) with "Try again". Shown while `query.error` is set, so it stays
 * (busy) while the retry runs.
 */
export function SettingsLoadError({ query }: { query: FailedQuery }) {
  const { t } = useTranslation();
  return (
    <ErrorNotice
      title={t('settings.loadError')}
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}

/**
 * docs/product.md#messages: any other failure (a save the server refused or never answered). It
 * shows as the answer to a save, so it takes focus when it appears (docs/product.md#focus).
 */
export function UnexpectedError() {
  const { t } = useTranslation();
  const self = useRef<HTMLDivElement>(null);
  useFocusOnResult(self, 'shown');
  return (
    <Alert ref={self} color="red" role="alert">
      {t('settings.unexpectedError')}
    </Alert>
  );
}

/** A save that worked, announced politely; it takes focus as the save's answer (docs/product.md#focus). */
export function SavedNotice() {
  const { t } = useTranslation();
  const self = useRef<HTMLDivElement>(null);
  useFocusOnResult(self, 'shown');
  return (
    <Alert ref={self} color="green" role="status">
      {t('settings.saved')}
    </Alert>
  );
}
