import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';

/** docs/product.md#screens /downloads. */
export function DownloadsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('shell.downloads.title')}>
      <EmptyState title={t('shell.downloads.empty')} hint={t('shell.downloads.emptyHint')} />
    </Page>
  );
}
