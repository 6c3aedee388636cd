import { Box } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { reportError } from '../../../store/error-reporter';
import { usePlatform } from '../../../platform/platform-context';
import { LoadingScreen } from '../../../ui/loading-screen';
import { useAppNavigate } from '../../../ui/stripped-link';
import { useConfirmIdentityActionMutation } from '../api';
import type { IdentityAction } from '../api';
import { useRunOnce } from '../use-run-once';

export interface IdentityConfirmationProps {
  action: IdentityAction;
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
  const platform = usePlatform();
  const navigate = useAppNavigate();
  const [confirm] = useConfirmIdentityActionMutation();

  useRunOnce(() => {
    const token = params.get('confirmation-token');
    if (!token) {
      reportError({ action: `${action}/confirm`, message: 'confirmation-token is required' });
      navigate(errorPath, { replace: true });
      return;
    }
    // A failed call is reported by the store's error reporter like every rejected request.
    confirm({ action, token })
      .unwrap()
      .then(
        () => platform.auth.signOut(successPath),
        () => navigate(errorPath, { replace: true }),
      );
  });

  return (
    <Box component="main" id="main">
      <LoadingScreen label={label} />
    </Box>
  );
}
