import { useTranslation } from 'react-i18next';
import { StandaloneMessagePage } from './standalone-message-page';

/**
 * Missing or malformed /config.json (docs/product.md#states: configuration must load first). Texts come from
 * the locale files when they load, else the English defaults here: never a blank screen.
 */
export function ConfigErrorPage() {
  const { t } = useTranslation();
  return (
    <StandaloneMessagePage
      title={t('errors.config.title', 'This page could not be loaded')}
      message={t(
        'errors.config.message',
        'The site configuration is missing or invalid. Please try again later.',
      )}
      reloadLabel={t('errors.config.reload', 'Reload the page')}
    />
  );
}
