import { Alert } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusOnResult } from '../../../ui/focus-result';

/** docs/product.md#messages: 'An error occurred loading your settings'. */
export function SettingsLoadError() {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert">
      {t('settings.loadError')}
    </Alert>
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
