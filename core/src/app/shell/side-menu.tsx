import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink, matchPath, useLocation } from 'react-router-dom';
import type { NavLinkProps } from 'react-router-dom';
import { useIdentity } from '../../features/auth/use-identity';
import { useStorefrontRoutes } from '../../features/brand/brand-context';
import { useFeatureFlag } from '../../features/flags/use-feature-flag';
import { carryStripped, useIsStripped } from '../../ui/stripped-link';
import { sideMenuItems } from './menu-items';
import classes from './shell.module.css';

/** `NavLink` that keeps `stripped=true` (it sets aria-current="page" on the active item). */
function StrippedNavLink({ to, ...props }: NavLinkProps) {
  const stripped = useIsStripped();
  return <NavLink to={carryStripped(to, stripped)} {...props} />;
}

/** docs/product.md#screens side menu, the 'Account menu' navigation landmark. */
export function SideMenu() {
  const { t } = useTranslation();
  const identity = useIdentity();
  const routes = useStorefrontRoutes();
  const timelineViewEnabled = useFeatureFlag('PhotoManagementTimelineViewEnabled');
  const { pathname } = useLocation();
  const items = sideMenuItems({
    isBusiness: identity.isBusiness,
    timelineViewEnabled,
    faqUrl: routes.FAQ,
  });

  return (
    <nav aria-label={t('shell.menu.label')}>
      <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <li key={item.key}>
            {item.kind === 'external' ? (
              <a
                className={classes.menuLink}
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t(`shell.menu.${item.key}`)}
                <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
              </a>
            ) : (
              <StrippedNavLink
                className={classes.menuLink}
                to={item.to}
                end={item.kind === 'route' ? item.end : undefined}
                data-active={
                  matchPath(
                    { path: item.to, end: item.kind === 'route' ? (item.end ?? false) : true },
                    pathname,
                  ) !== null || undefined
                }
              >
                {t(`shell.menu.${item.key}`)}
              </StrippedNavLink>
            )}
          </li>
        ))}
      </Stack>
    </nav>
  );
}
