import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStorefrontMenus } from '../../features/brand/brand-context';
import { CookieSettingsLink } from '../../features/consent/cookie-consent-dialog';
import { useBrandName } from './app-header';
import classes from './shell.module.css';

/** The contentinfo landmark with the storefront's footer menu. */
export function AppFooter() {
  const { t } = useTranslation();
  const menus = useStorefrontMenus();
  const brandName = useBrandName();
  return (
    <footer className={classes.footer}>
      <Group justify="space-between" className={classes.footerInner}>
        {menus.footer.length > 0 ? (
          <nav aria-label={t('shell.storefront.footerMenu')}>
            <Group component="ul" gap="md" className={classes.plainList}>
              {menus.footer.map((item) => (
                <li key={item.url + item.label}>
                  <Anchor href={item.url} size="sm" c="dimmed">
                    {item.label}
                  </Anchor>
                </li>
              ))}
            </Group>
          </nav>
        ) : (
          <span />
        )}
        <CookieSettingsLink />
        <Text size="sm" c="dimmed">
          {t('shell.footer.copyright', { year: new Date().getFullYear(), brand: brandName })}
        </Text>
      </Group>
    </footer>
  );
}
