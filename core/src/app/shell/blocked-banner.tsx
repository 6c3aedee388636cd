import { Alert } from '@mantine/core';
import { Trans } from 'react-i18next';
import { useStorefrontRoutes } from '../../features/brand/brand-context';
import { ExternalLink } from '../../ui/external-link';

/**
 * The Blocked business banner: an alert with a link to the brand's customer care (the one the
 * error pages give), in a new tab. Its own chunk: `Trans` and its HTML parser cost about 6 KB
 * gzip that every first visit paid, for the few blocked business accounts that see it.
 */
export function BlockedBanner() {
  const routes = useStorefrontRoutes();
  return (
    <Alert color="red" variant="light" role="alert">
      <Trans
        i18nKey="shell.businessBanner.blocked"
        components={{
          careLink: (
            <ExternalLink href={routes.ContactUs} newTab c="inherit" inherit underline="always">
              {null}
            </ExternalLink>
          ),
        }}
      />
    </Alert>
  );
}
