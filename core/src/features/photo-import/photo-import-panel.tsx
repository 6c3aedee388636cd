import { Button, CloseButton, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baseApi } from '../../api/base-api';
import { IMPORT_TYPES } from '../../api/schemas/push';
import { usePlatform } from '../../platform/platform-context';
import { useAppDispatch } from '../../store/hooks';
import { useClientConfig } from '../brand/brand-context';
import { LIBRARY_TAGS } from '../photos/api';
import {
  releaseSharedPushConnection,
  resolvePushUrl,
  sharedPushConnection,
} from '../push/push-connection';
import { trackCounter } from '../../store/analytics';
import {
  ACTIVATION_PARSE_ERROR,
  useGetActivationStatusQuery,
  useStartActivationMutation,
} from './api';
import { initialImportProgress } from './import-progress';
import type { ImportProgress } from './import-progress';
import { watchImport } from './import-watcher';
import { ErrorNotice } from '../../ui/error-notice';

/** Everything cached about photos and shared albums: refreshed when the import is done. */
const IMPORTED_DATA_TAGS = [...LIBRARY_TAGS, 'SharedAlbum', 'SharedAlbums'] as const;

const errorMessage = (error: unknown): string | null =>
  error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
    ? error.message
    : null;

/**
 * The photo import (activation) screen on My photos (docs/product.md#states "Photo import"):
 * not started → "Start import"; importing → how far it is, from the push messages (the newest by
 * timestamp counts); an error → "Try again"; finished → the photos reload and it says so.
 * While the status is IMPORTING the shared push connection is open (authenticated with the
 * access token); it heals while the import runs and is let go when the import is over.
 */
export function PhotoImportPanel() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const config = useClientConfig();
  const dispatch = useAppDispatch();
  const status = useGetActivationStatusQuery();
  const [start, startState] = useStartActivationMutation();
  const [progress, setProgress] = useState<ImportProgress>(initialImportProgress);
  const [listening, setListening] = useState(false);
  const [done, setDone] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const { refetch } = status;
  const current = status.data?.status;

  // Listen while importing (and from the moment the user starts it, so no message is missed).
  const watch = current === 'IMPORTING' || listening;
  useEffect(() => {
    if (!watch) return;
    let connection;
    try {
      connection = sharedPushConnection({
        url: resolvePushUrl(config.PhotoManagementPushWebSocketUrl, window.location.origin),
        getToken: () => platform.auth.getAccessToken(),
      });
    } catch (error) {
      console.warn('No push connection for the photo import', error);
      return;
    }
    return watchImport({
      connection,
      onProgress: setProgress,
      refetchStatus: () => refetch(),
      track: trackCounter,
      onDone: () => {
        setListening(false);
        setDone(true);
      },
      release: releaseSharedPushConnection,
    });
  }, [watch, config.PhotoManagementPushWebSocketUrl, platform, refetch]);

  // Once ACTIVE after an import, every cached photo and shared-album list reloads.
  const previous = useRef(current);
  useEffect(() => {
    if (current === 'ACTIVE' && previous.current && previous.current !== 'ACTIVE') {
      dispatch(baseApi.util.invalidateTags([...IMPORTED_DATA_TAGS]));
      setDone(true);
    }
    previous.current = current;
  }, [current, dispatch]);

  const begin = async () => {
    setListening(true);
    setProgress(initialImportProgress);
    const result = await start();
    if ('error' in result) setListening(false);
    else void refetch();
  };

  if (status.isError) {
    return (
      <ErrorNotice
        title={
          errorMessage(status.error) === ACTIVATION_PARSE_ERROR
            ? t('photos.import.parseError')
            : t('photos.import.statusFailed')
        }
        error={status.error}
        onRetry={() => void refetch()}
        retrying={status.isFetching}
      />
    );
  }
  if (!current || current === 'DELETING' || dismissed) return null;
  if (current === 'ACTIVE' && !done) return null;

  const latest = progress.latest;
  const payload = latest?.data.payload;
  const failed = latest?.type === IMPORT_TYPES.error;
  const startError = errorMessage(startState.error);

  let body;
  if (current === 'ACTIVE') {
    body = (
      <Group justify="space-between" wrap="nowrap">
        <Text>
          {payload
            ? t('photos.import.done', { count: payload.importedCount })
            : t('photos.import.doneNoCount')}
        </Text>
        <CloseButton aria-label={t('common.close')} onClick={() => setDismissed(true)} />
      </Group>
    );
  } else if (current === 'NOT_ACTIVE' && !listening) {
    body = (
      <Stack gap="xs" align="flex-start">
        <Text>{t('photos.import.notStarted')}</Text>
        <Button onClick={() => void begin()} loading={startState.isLoading}>
          {t('photos.import.start')}
        </Button>
      </Stack>
    );
  } else {
    const total = payload?.totalCount ?? 0;
    const imported = payload?.importedCount ?? 0;
    body = (
      <Stack gap="xs">
        <Text aria-live="polite">
          {latest?.type === IMPORT_TYPES.finished
            ? t('photos.import.finishing', { count: imported })
            : payload && total > 0
              ? t('photos.import.progress', { imported, total, count: total })
              : t('photos.import.importing')}
        </Text>
        <Progress
          value={total > 0 ? (imported / total) * 100 : 0}
          animated={!failed}
          aria-label={t('photos.import.progressLabel')}
        />
        {failed ? (
          <Group gap="xs">
            <Text c="red" role="alert" size="sm">
              {t('photos.import.error')}
            </Text>
            <Button size="xs" variant="default" onClick={() => void begin()}>
              {t('common.tryAgain')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="photo-import-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="photo-import-title">
          {t('photos.import.title')}
        </Title>
        {body}
        {startError ? (
          <Text c="red" role="alert" size="sm">
            {startError === ACTIVATION_PARSE_ERROR
              ? t('photos.import.parseError')
              : t('photos.import.startFailed')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
