import { Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStorefrontRoutes } from '../../brand/brand-context';
import { usePageTitle } from '../../brand/use-page-title';
import { AppLink } from '../../../ui/stripped-link';

/**
 * "Sign in with your new e-mail address" is longer than a 320 px phone in several languages:
 * the label wraps and the button grows, one line keeping the button's usual height.
 */
const wrappingLabel = {
  root: {
    height: 'auto',
    minHeight: 'var(--button-height)',
    paddingBlock: 'calc((var(--button-height) - 1.25em - 2px) / 2)',
    maxWidth: '100%',
  },
  label: { whiteSpace: 'normal', lineHeight: 1.25 },
} as const;

/** docs/product.md#screens /change-email-success (public): log in again with the new address, or continue shopping. */
export function ChangeEmailSuccessPage() {
  const { t } = useTranslation();
  const routes = useStorefrontRoutes();
  usePageTitle(t('shell.changeEmailSuccess.title'));
  return (
    <Stack align="center" ta="center" gap="md" py="xl" maw={560} mx="auto">
      <Title order={1} size="h2">
        {t('shell.changeEmailSuccess.title')}
      </Title>
      <Group justify="center">
        {/* '/' is signed-in only, so it starts sign-in with the new address. */}
        <Button component={AppLink} to="/" styles={wrappingLabel}>
          {t('shell.changeEmailSuccess.login')}
        </Button>
        <Button component="a" href={routes.Main} variant="outline" styles={wrappingLabel}>
          {t('common.continue')}
        </Button>
      </Group>
    </Stack>
  );
}
