import { Button, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIdentity } from '../../auth/use-identity';
import { AppLink } from '../../../ui/stripped-link';
import { Page } from '../../../ui/page';

/** docs/product.md#screens '/': the overview (hidden on small screens, where the menu is the home page). */
export function OverviewPage() {
  const { t } = useTranslation();
  const identity = useIdentity();
  const shortcuts = [
    {
      to: '/orders',
      label: t('shell.menu.orders'),
      description: t('shell.overview.ordersDescription'),
    },
    {
      to: identity.isBusiness ? '/settings/b2b' : '/settings',
      label: t('shell.menu.settings'),
      description: t('shell.overview.settingsDescription'),
    },
    {
      to: '/saved-projects',
      label: t('shell.menu.savedProjects'),
      description: t('shell.overview.savedProjectsDescription'),
    },
  ];
  return (
    <Page title={t('shell.overview.title')}>
      <Paper withBorder p="lg" radius="md">
        <Text fw={600}>{t('shell.overview.greeting', { email: identity.email })}</Text>
        <Text c="dimmed" mt={4}>
          {identity.isBusiness ? t('shell.overview.businessIntro') : t('shell.overview.intro')}
        </Text>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {shortcuts.map((shortcut) => (
          <Paper key={shortcut.to} withBorder p="lg" radius="md">
            <Title order={2} size="h4" mb={4}>
              {shortcut.label}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {shortcut.description}
            </Text>
            <Group>
              <Button
                component={AppLink}
                to={shortcut.to}
                variant="light"
                aria-label={shortcut.label}
              >
                {t('shell.overview.open')}
              </Button>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </Page>
  );
}
