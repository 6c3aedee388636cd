import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStorefrontRoutes } from '../../brand/brand-context';
import { EmptyState } from '../../../ui/empty-state';
import { Page } from '../../../ui/page';

/** docs/product.md#screens /saved-projects. */
export function SavedProjectsPage() {
  const { t } = useTranslation();
  const routes = useStorefrontRoutes();
  return (
    <Page title={t('shell.savedProjects.title')}>
      <EmptyState
        title={t('shell.savedProjects.empty')}
        hint={t('shell.savedProjects.emptyHint')}
        action={
          <Button component="a" href={routes.AllProducts} variant="light">
            {t('shell.savedProjects.startProject')}
          </Button>
        }
      />
    </Page>
  );
}
