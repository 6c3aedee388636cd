import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BusinessStatus } from '../../api/schemas/customer';
import { AppLink } from '../../ui/stripped-link';
import classes from './shell.module.css';

export interface BusinessBannerProps {
  /** The business status from the customer record; nothing shows without one. */
  status: BusinessStatus | null | undefined;
}

/** docs/product.md#screens business account banner: Default (with a link to business settings), New, Blocked. */
export function BusinessBanner({ status }: BusinessBannerProps) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <div className={classes.banner}>
      {status === 'Default' ? (
        <Alert color="yellow" variant="light">
          <Anchor component={AppLink} to="/settings/b2b" c="inherit" underline="always">
            {t('shell.businessBanner.default')}
          </Anchor>
        </Alert>
      ) : (
        <Alert
          color={status === 'Blocked' ? 'red' : 'blue'}
          variant="light"
          role={status === 'Blocked' ? 'alert' : undefined}
        >
          {status === 'New' ? t('shell.businessBanner.new') : t('shell.businessBanner.blocked')}
        </Alert>
      )}
    </div>
  );
}
