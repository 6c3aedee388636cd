import { Box } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { reportError } from '../../../store/error-reporter';
import { usePlatform } from '../../../platform/platform-context';
import { useClientConfig } from '../../brand/brand-context';
import { LoadingScreen } from '../../../ui/loading-screen';
import { useAppNavigate } from '../../../ui/stripped-link';
import { confirmIdentityAction } from '../account-actions-api';
import { useRunOnce } from '../use-run-once';

export interface IdentityConfirmationProps {
  action: 'deleteaccount' | 'emailchanges';
  /** Public page to land on after the sign-out that follows success. */
  successPath: '/account-deleted' | '/change-email-success';
  errorPath: '/delete-account-error' | '/change-email-error';
  label: string;
}

/**
 * docs/product.md#screens: read confirmation-token, submit it; on success sign out and go to the public success
 * page, on failure go to the error page.
 */
export function IdentityConfirmation({
  action,
  successPath,
  errorPath,
  label,
}: IdentityConfirmationProps) {
  const [params] = useSearchParams();
  const config = useClientConfig();
  const platform = usePlatform();
  const navigate = useAppNavigate();

  useRunOnce(() => {
    const token = params.get('confirmation-token');
    const confirm = token
      ? confirmIdentityAction(config, platform, action, token)
      : Promise.reject(new Error('confirmation-token is required'));
    confirm.then(
      () => platform.auth.signOut(successPath),
      (error: unknown) => {
        reportError({
          action: `${action}/confirm`,
          message: error instanceof Error ? error.message : String(error),
        });
        navigate(errorPath, { replace: true });
      },
    );
  });

  return (
    <Box component="main" id="main">
      <LoadingScreen label={label} />
    </Box>
  );
}
