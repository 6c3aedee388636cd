import { Outlet } from 'react-router-dom';
import { useIsStripped } from '../../ui/stripped-link';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import classes from './shell.module.css';

/** The public confirmation pages: header and footer without the account menu or sign-in. */
export function PublicLayout() {
  const stripped = useIsStripped();
  return (
    <>
      <div className={classes.page}>
        {stripped ? null : <AppHeader showMobileSignOut={false} />}
        <main id="main" className={classes.main} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      {stripped ? null : <AppFooter />}
    </>
  );
}
