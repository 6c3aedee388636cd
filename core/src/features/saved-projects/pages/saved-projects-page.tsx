import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVED_PROJECTS_PAGE_SIZE } from '../../../api/schemas/project';
import type { SavedProject } from '../../../api/schemas/project';
import { formatDate } from '../../../lib/intl-format';
import { useTransitionSelector } from '../../../api/transition-selector';
import type { RootState } from '../../../store/store';
import { AppDialog } from '../../../ui/app-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorNotice } from '../../../ui/error-notice';
import { focusResult, pageHeading, useFocusOnResult } from '../../../ui/focus-result';
import { showToast } from '../../../ui/toast';
import { Page } from '../../../ui/page';
import { Pager, useLastPageClamp, usePageInQuery } from '../../../ui/pager';
import { useIdentity } from '../../auth/use-identity';
import { useStorefrontRoutes } from '../../brand/brand-context';
import { useDeleteSavedProjectMutation, useGetSavedProjectsQuery } from '../api';
import { selectProjectDeleteState } from '../saved-projects-slice';
import { LoadingSpinner } from '../../../ui/loading-screen';

function ProjectCard({
  project,
  onDelete,
}: {
  project: SavedProject;
  onDelete: (project: SavedProject) => void;
}) {
  const { t, i18n } = useTranslation();
  // Read as the list is (in a transition): the reloaded list and the cleared 'deleted' state
  // arrive in one action and must render together, or the card shows as a normal project for
  // the moment between them.
  const deleteState = useTransitionSelector((state: RootState) =>
    selectProjectDeleteState(state, project.id),
  );
  const busy = deleteState === 'inProgress' || deleteState === 'deleted';
  // docs/product.md#focus: a failed delete's message takes focus from the Delete button.
  const failure = useRef<HTMLDivElement>(null);
  useFocusOnResult(failure, deleteState === 'failed' ? 'failed' : null);
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-busy={busy}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Text fw={600}>{project.name}</Text>
          <Text size="sm" c="dimmed">
            {project.productTitle} · {t('projects.pages', { count: project.pageCount })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('projects.updated', { date: formatDate(project.updatedAt, i18n.language) })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            component="a"
            href={project.editUrl}
            variant="light"
            size="xs"
            aria-label={t('projects.editNamed', { name: project.name })}
          >
            {t('projects.edit')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            loading={busy}
            onClick={() => onDelete(project)}
            aria-label={t('projects.deleteNamed', { name: project.name })}
          >
            {t('projects.delete')}
          </Button>
        </Group>
      </Group>
      {deleteState === 'failed' ? (
        <Alert ref={failure} color="red" role="alert" mt="sm">
          {t('projects.deleteFailed')}
        </Alert>
      ) : null}
    </Paper>
  );
}

/**
 * docs/product.md#screens /saved-projects: pages of 10 (`page` in the query string), delete
 * with a per-project state; after a delete every cached page reloads.
 */
export function SavedProjectsPage() {
  const { t } = useTranslation();
  const identity = useIdentity();
  const routes = useStorefrontRoutes();
  const [page, setPage] = usePageInQuery();
  const { data, error, isLoading, isFetching, refetch } = useGetSavedProjectsQuery({
    accountId: identity.sub,
    page,
  });
  const [deleteProject] = useDeleteSavedProjectMutation();
  const [confirming, setConfirming] = useState<SavedProject | null>(null);
  const pages = Math.max(1, Math.ceil((data?.totalProjectCount ?? 0) / SAVED_PROJECTS_PAGE_SIZE));
  const pastTheEnd = useLastPageClamp(page, data ? pages : undefined, setPage);

  const confirmDelete = () => {
    if (!confirming) return;
    const { id, name } = confirming;
    // The card shows the state (in progress, failed). Once deleted the card leaves the list, so
    // a toast says so and focus goes to the page's heading (docs/product.md#focus).
    deleteProject(id)
      .unwrap()
      .then(
        () => {
          showToast({ message: t('projects.deleted', { name }), role: 'status' });
          focusResult(pageHeading());
        },
        () => undefined,
      );
    setConfirming(null);
  };

  let body;
  // A failure stays on screen while "Try again" runs (the query keeps its error until it works).
  if (error)
    body = (
      <ErrorNotice
        title={t('projects.loadError')}
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  else if (isLoading || pastTheEnd) body = <LoadingSpinner />;
  else if (!data || data.totalProjectCount === 0)
    body = (
      <EmptyState
        title={t('shell.savedProjects.empty')}
        hint={t('shell.savedProjects.emptyHint')}
        action={
          <Button component="a" href={routes.AllProducts}>
            {t('shell.savedProjects.startProject')}
          </Button>
        }
      />
    );
  else
    body = (
      <Stack gap="md">
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.projects.map((project) => (
            <ProjectCard key={project.id} project={project} onDelete={setConfirming} />
          ))}
        </Stack>
        <Pager page={Math.min(page, pages)} pages={pages} onChange={setPage} />
      </Stack>
    );
  return (
    <Page title={t('shell.savedProjects.title')}>
      {body}
      <AppDialog
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('projects.confirmTitle')}
      >
        <Text mb="md">{t('projects.confirmText', { name: confirming?.name ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={confirmDelete}>
            {t('projects.delete')}
          </Button>
        </Group>
      </AppDialog>
    </Page>
  );
}
