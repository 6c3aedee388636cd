import { Anchor, Box, Button, Group, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand, useStorefrontMenus } from '../../features/brand/brand-context';
import { focusResult, pageHeading } from '../../ui/focus-result';
import { AppLink } from '../../ui/stripped-link';
import classes from './shell.module.css';

/** The brand's name as shown in the header (the default brand has no label: its vendor). */
export function useBrandName(): string {
  const brand = useBrand();
  return brand.brandLabel || brand.vendor;
}

/**
 * "Skip to main content" lands on the page's own heading (`pageHeading`, the same target as a
 * page change: docs/product.md#focus): the account area's side menu sits inside `main`, so
 * moving focus to `main` would leave a keyboard user before the menu again.
 */
function skipToContent(event: MouseEvent<HTMLAnchorElement>): void {
  const target = pageHeading();
  if (!target) return;
  event.preventDefault();
  focusResult(target, { scroll: 'start' });
}

export interface AppHeaderProps {
  /** Small screens: show the sign-out button (docs/product.md#screens). @default true */
  showMobileSignOut?: boolean;
}

/** The banner landmark: brand name (home link), the storefront's top menu, small-screen sign-out. */
export function AppHeader({ showMobileSignOut = true }: AppHeaderProps) {
  const { t } = useTranslation();
  const brandName = useBrandName();
  const menus = useStorefrontMenus();
  return (
    <header className={classes.header}>
      <a className="skip-link" href="#main" onClick={skipToContent}>
        {t('shell.skipToContent')}
      </a>
      <Group justify="space-between" wrap="nowrap" className={classes.headerInner}>
        <Anchor
          component={AppLink}
          to="/"
          underline="never"
          className={classes.brand}
          aria-label={t('shell.homeLink', { brand: brandName })}
        >
          <Text component="span" fw={700} size="xl" c="var(--mantine-primary-color-filled)">
            {brandName}
          </Text>
        </Anchor>
        {menus.top.length > 0 ? (
          <Box component="nav" aria-label={t('shell.storefront.topMenu')} visibleFrom="sm">
            <Group component="ul" gap="lg" className={classes.plainList}>
              {menus.top.map((item) => (
                <li key={item.url + item.label}>
                  <Anchor href={item.url} c="inherit">
                    {item.label}
                  </Anchor>
                </li>
              ))}
            </Group>
          </Box>
        ) : null}
        {showMobileSignOut ? (
          <Button component={AppLink} to="/logout" variant="outline" size="xs" hiddenFrom="sm">
            {t('shell.menu.signOut')}
          </Button>
        ) : null}
      </Group>
    </header>
  );
}
