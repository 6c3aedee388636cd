import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useIdentity } from '../../features/auth/use-identity';
import { shownResult } from '../../api/shown-result';
import { isCustomerGone, useGetCustomerQuery } from '../../features/customer/api';
import { useAppNavigate, useIsStripped } from '../../ui/stripped-link';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { BusinessBanner } from './business-banner';
import classes from './shell.module.css';

/**
 * docs/product.md#screens: every non-preview path of the signed-in area: the header, then the error pages or
 * the account area, then the footer. `stripped=true` keeps only the content.
 */
export function AccountLayout() {
  const identity = useIdentity();
  const stripped = useIsStripped();
  const navigate = useAppNavigate();
  const customer = useGetCustomerQuery(undefined, { selectFromResult: shownResult });

  // docs/product.md#states: a customer record flagged deleted (or none: 404) sends the user to logout.
  const accountDeleted = isCustomerGone(customer);
  useEffect(() => {
    if (accountDeleted) navigate('/logout', { replace: true });
  }, [accountDeleted, navigate]);

  const status =
    identity.isBusiness && customer.isSuccess && customer.data ? customer.data.status : null;

  return (
    <>
      <div className={classes.page}>
        {stripped ? null : <AppHeader />}
        {stripped ? null : (
          <BusinessBanner status={status} pending={identity.isBusiness && customer.isLoading} />
        )}
        <main id="main" className={classes.main} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      {stripped ? null : <AppFooter />}
    </>
  );
}
