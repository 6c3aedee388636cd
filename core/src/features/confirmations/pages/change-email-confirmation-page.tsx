import { useTranslation } from 'react-i18next';
import { IdentityConfirmation } from './identity-confirmation';

/** docs/product.md#screens /change-email-confirmation. */
export function ChangeEmailConfirmationPage() {
  const { t } = useTranslation();
  return (
    <IdentityConfirmation
      action="emailchanges"
      successPath="/change-email-success"
      errorPath="/change-email-error"
      label={t('shell.changeEmailConfirmation.working')}
    />
  );
}
