import { useTranslation } from 'react-i18next';
import { IdentityConfirmation } from './identity-confirmation';

/** docs/product.md#screens /delete-account-confirmation. */
export function DeleteAccountConfirmationPage() {
  const { t } = useTranslation();
  return (
    <IdentityConfirmation
      action="deleteaccount"
      successPath="/account-deleted"
      errorPath="/delete-account-error"
      label={t('shell.deleteAccountConfirmation.working')}
    />
  );
}
