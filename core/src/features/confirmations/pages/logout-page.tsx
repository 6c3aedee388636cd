import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../../platform/platform-context';
import { LoadingScreen } from '../../../ui/loading-screen';
import { useRunOnce } from '../use-run-once';

/** docs/product.md#screens /logout: signs the user out (the platform removes the tokens and leaves). */
export function LogoutPage() {
  const { t } = useTranslation();
  const platform = usePlatform();
  useRunOnce(() => {
    void platform.auth.signOut();
  });
  return (
    <Box component="main" id="main">
      <LoadingScreen label={t('shell.signingOut')} />
    </Box>
  );
}
