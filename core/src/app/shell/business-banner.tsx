import { Alert, Anchor } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { BusinessStatus } from '../../api/schemas/customer';
import { AppLink } from '../../ui/stripped-link';
import classes from './shell.module.css';

export interface BusinessBannerProps {
  /** The business status from the customer record; nothing shows without one. */
  status: BusinessStatus | null | undefined;
  /**
   * A business account whose customer record is still loading: the banner's room is kept (an
   * invisible banner of the same size), so the page under it does not move down when the
   * banner arrives (docs/conventions.md, "Reserve the space of what arrives later"). @default false
   */
  pending?: boolean;
}

/**
 * The banner's room before the banner is there: an invisible banner with the Default text (the
 * usual and the longest of the three), so it wraps to as many lines as the real one at this width.
 */
function BannerRoom() {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      color="gray"
      // Mantine's Alert is role=alert: none here, nothing to announce.
      role="none"
      aria-hidden="true"
      data-testid="business-banner-room"
      styles={{ root: { visibility: 'hidden' } }}
    >
      {t('shell.businessBanner.default')}
    </Alert>
  );
}

/**
 * docs/product.md#screens business account banner: Default (with a link to business settings),
 * New, Blocked (with a link to the brand's customer care, the one the error pages give).
 * docs/product.md#business-banner: only Blocked is urgent and an alert. Default and New are
 * information, a note that is no live region: read where it stands (first after the header),
 * never announced by itself, so not again on every page. The banner sits in the layout, which
 * stays mounted from page to page, so even the Blocked alert is read once, not on every page.
 */
const BlockedBanner = lazy(async () => ({
  default: (await import('./blocked-banner')).BlockedBanner,
}));

export function BusinessBanner({ status, pending = false }: BusinessBannerProps) {
  const { t } = useTranslation();
  if (!status && pending)
    return (
      <div className={classes.banner}>
        <BannerRoom />
      </div>
    );
  if (!status) return null;
  return (
    <div className={classes.banner}>
      {status === 'Default' ? (
        <Alert color="yellow" variant="light" role="note">
          <Anchor component={AppLink} to="/settings/b2b" c="inherit" inherit underline="always">
            {t('shell.businessBanner.default')}
          </Anchor>
        </Alert>
      ) : status === 'New' ? (
        <Alert color="blue" variant="light" role="note">
          {t('shell.businessBanner.new')}
        </Alert>
      ) : (
        <Suspense fallback={<BannerRoom />}>
          <BlockedBanner />
        </Suspense>
      )}
    </div>
  );
}
