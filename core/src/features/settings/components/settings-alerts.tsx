import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** docs/product.md#messages: 'An error occurred loading your settings'. */
export function SettingsLoadError() {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert">
      {t('settings.loadError')}
    </Alert>
  );
}

/** docs/product.md#messages: any other failure (a save the server refused or never answered). */
export function UnexpectedError() {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert">
      {t('settings.unexpectedError')}
    </Alert>
  );
}

/** A save that worked, announced politely. */
export function SavedNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="green" role="status">
      {t('settings.saved')}
    </Alert>
  );
}
