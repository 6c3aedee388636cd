import { Paper, Stack, Switch, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DESKTOP_ASK_WHERE_TO_SAVE_KEY } from '../../../platform/platform';
import { usePlatform } from '../../../platform/platform-context';
import { useIdentity } from '../../auth/use-identity';
import { AppLink } from '../../../ui/stripped-link';
import { Page } from '../../../ui/page';
import { DeleteAccountSection } from '../components/delete-account-section';
import { CookieSettingsSection } from '../../consent/cookie-settings-section';

/** docs/product.md#screens /settings and /settings/b2b: the settings sections of the normal or business variant. */
export function SettingsPage() {
  const { t } = useTranslation();
  const identity = useIdentity();
  const prefix = identity.isBusiness ? '/settings/b2b' : '/settings';
  const sections = [
    {
      to: `${prefix}/email`,
      title: t('shell.settings.email'),
      description: t('shell.settings.emailDescription', { email: identity.email }),
    },
    {
      to: '/settings/personal-details',
      title: t('shell.settings.personalDetails'),
      description: t('shell.settings.personalDetailsDescription'),
    },
    {
      to: '/settings/payment-method',
      title: t('shell.settings.paymentMethod'),
      description: t('shell.settings.paymentMethodDescription'),
    },
    {
      to: '/settings/addresses/all',
      title: identity.isBusiness
        ? t('shell.settings.businessAddresses')
        : t('shell.settings.addresses'),
      description: t('shell.settings.addressesDescription'),
    },
  ];
  return (
    <Page
      title={identity.isBusiness ? t('shell.settings.businessTitle') : t('shell.settings.title')}
    >
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {sections.map((section) => (
          <li key={section.to}>
            <Paper withBorder radius="md">
              <UnstyledButton component={AppLink} to={section.to} p="md" display="block" w="100%">
                <Text fw={600}>{section.title}</Text>
                <Text size="sm" c="dimmed">
                  {section.description}
                </Text>
              </UnstyledButton>
            </Paper>
          </li>
        ))}
      </Stack>
      <CookieSettingsSection />
      <DesktopSettings />
      <DeleteAccountSection />
    </Page>
  );
}

/** The desktop app's own preference: ask where to save each download (else Downloads). */
function DesktopSettings() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const [ask, setAsk] = useState(
    () => platform.storage.get(DESKTOP_ASK_WHERE_TO_SAVE_KEY) === 'true',
  );
  if (platform.platformName !== 'desktop') return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      mt="lg"
      component="section"
      aria-labelledby="desktop-settings"
    >
      <Title order={2} size="h4" id="desktop-settings" mb="sm">
        {t('desktop.settings.title')}
      </Title>
      <Switch
        checked={ask}
        label={t('desktop.settings.askWhereToSave')}
        description={t('desktop.settings.askWhereToSaveHint')}
        onChange={(event) => {
          const next = event.currentTarget.checked;
          setAsk(next);
          if (next) platform.storage.set(DESKTOP_ASK_WHERE_TO_SAVE_KEY, 'true');
          else platform.storage.remove(DESKTOP_ASK_WHERE_TO_SAVE_KEY);
        }}
      />
    </Paper>
  );
}
