import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { usePlatform } from '../../platform/platform-context';
import { AuthGate } from '../../features/auth/auth-gate';
import { AuthErrorPage } from '../../features/errors/error-pages';
import { CookieBlockedPage } from '../../features/errors/cookie-blocked-page';
import { LoadingScreen } from '../../ui/loading-screen';
import { SignedInObservability } from '../observability';

/**
 * Everything but the public pages. docs/product.md#states: sign-in starts only when local storage works;
 * otherwise the cookie-blocked page shows.
 */
export function AuthenticatedShell() {
  const platform = usePlatform();
  const { t } = useTranslation();
  if (!platform.storage.isAvailable()) return <CookieBlockedPage />;
  return (
    <AuthGate
      pending={
        <Box component="main" id="main">
          <LoadingScreen label={t('shell.signingIn')} />
        </Box>
      }
      failed={
        <Box component="main" id="main" p="md">
          <AuthErrorPage />
        </Box>
      }
    >
      <SignedInObservability />
      <Outlet />
    </AuthGate>
  );
}
