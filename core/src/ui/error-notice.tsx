import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusResult, pageHeading, useFocusOnResult } from './focus-result';

export interface ErrorNoticeProps {
  /** What happened, in the customer's words, e.g. "Your widgets could not be loaded". */
  title: string;
  /**
   * What to do. @default a hint chosen from the failure's kind: check the connection (network
   * failure), else try again (later, without `onRetry`) and contact customer care if it persists.
   * `null` shows none (the title already says what to do).
   */
  hint?: string | null;
  /**
   * The failure (an RTK Query error or anything else). Only its kind is read, to choose the hint:
   * its message, body, URL, status text and ids are never shown (docs/product.md#failures).
   */
  error?: unknown;
  /** Called by "Try again" (a query's `refetch`); without it there is no button. */
  onRetry?: () => void;
  /** The retry runs: the button shows busy. @default false */
  retrying?: boolean;
}

function isNetworkFailure(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    (error.status === 'NETWORK_ERROR' || error.status === 'FETCH_ERROR')
  );
}

/**
 * The one in-page failure notice (docs/product.md#failures): what happened, what to
 * do and "Try again" where a retry can help, in the customer's language; never the raw error.
 * It is an alert, announced once when it appears, and takes focus only as the answer to the
 * customer's action (the focus rule of `focus-result.ts`): when their "Try again" fails again,
 * focus moves onto the notice (so it is read again); when it succeeds, to the page's heading
 * above the new content.
 */
export function ErrorNotice({ title, hint, error, onRetry, retrying = false }: ErrorNoticeProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const retried = useRef(false);
  const wasRetrying = useRef(retrying);
  const [failedRetries, setFailedRetries] = useState(0);

  useEffect(() => {
    // The customer's retry ended and the notice is still here: it failed again.
    if (wasRetrying.current && !retrying && retried.current) setFailedRetries((count) => count + 1);
    wasRetrying.current = retrying;
  }, [retrying]);
  // Shown on arrival it keeps its hands off focus; a failed retry is the answer to an action.
  useFocusOnResult(box, failedRetries || null);

  useEffect(
    () => () => {
      // Gone after the customer's retry: the content is back under the page's heading.
      if (retried.current) focusResult(pageHeading());
    },
    [],
  );

  const shownHint =
    hint === undefined
      ? isNetworkFailure(error)
        ? t('errors.notice.offlineHint')
        : onRetry
          ? t('errors.notice.retryHint')
          : t('errors.notice.laterHint')
      : hint;

  return (
    // Mantine's Alert names itself by its title and is described by its body.
    <Alert ref={box} tabIndex={-1} color="red" variant="light" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        {shownHint ? <Text size="sm">{shownHint}</Text> : null}
        {onRetry ? (
          <Button
            variant="default"
            loading={retrying}
            onClick={() => {
              retried.current = true;
              onRetry();
            }}
          >
            {t('common.tryAgain')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
