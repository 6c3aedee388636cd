import { Box, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { useIsStripped } from '../../ui/stripped-link';
import { SideMenu } from './side-menu';
import { usePageTitle } from '../../features/brand/use-page-title';
import classes from './shell.module.css';

function SmallScreenHomeHeading() {
  const { t } = useTranslation();
  usePageTitle(t('shell.accountTitle'));
  return (
    <Title order={1} size="h2" hiddenFrom="sm" mb="md">
      {t('shell.accountTitle')}
    </Title>
  );
}

/**
 * The account area: side menu and the page. docs/product.md#screens small screens (< 575 px): on home the menu
 * is the page (the overview is hidden), elsewhere the menu is hidden. Stripped: no menu.
 */
export function AccountArea() {
  const { pathname } = useLocation();
  const stripped = useIsStripped();
  const isHome = pathname === '/';
  if (stripped) return <Outlet />;
  return (
    <div className={classes.area}>
      <Box visibleFrom={isHome ? undefined : 'sm'}>
        {isHome ? <SmallScreenHomeHeading /> : null}
        <SideMenu />
      </Box>
      <Box visibleFrom={isHome ? 'sm' : undefined}>
        <Outlet />
      </Box>
    </div>
  );
}
