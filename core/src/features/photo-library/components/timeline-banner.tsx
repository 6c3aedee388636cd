import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../../platform/platform-context';
import { useIdentity } from '../../auth/use-identity';
import { useStorefrontRoutes } from '../../brand/brand-context';
import {
  readTimelineBannerCollapsed,
  writeTimelineBannerCollapsed,
} from '../../photos/persisted-state';

/**
 * The banner above the timeline explaining the photo library, with show more / less and the FAQ
 * (docs/product.md#screens "Timeline"). 'Hide' collapses it to one line, its title as a button
 * that opens it again; the choice is kept per user on this device, so a returning customer sees
 * the photos first.
 */
export function TimelineBanner() {
  const { t } = useTranslation();
  const routes = useStorefrontRoutes();
  const { storage } = usePlatform();
  const { sub } = useIdentity();
  const [collapsed, setCollapsed] = useState(() => readTimelineBannerCollapsed(storage, sub));
  const [expanded, setExpanded] = useState(false);
  const moreId = useId();
  // Focus follows the customer's toggle: onto the banner they opened, or its one-line title.
  const toggled = useRef(false);
  const banner = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    (collapsed ? opener : banner).current?.focus();
  }, [collapsed]);

  const collapse = (next: boolean) => {
    toggled.current = true;
    setCollapsed(next);
    setExpanded(false);
    writeTimelineBannerCollapsed(storage, sub, next);
  };

  if (collapsed) {
    return (
      <Group>
        <Button
          ref={opener}
          variant="subtle"
          size="compact-sm"
          px={0}
          aria-expanded={false}
          onClick={() => collapse(false)}
          data-testid="timeline-banner-collapsed"
          styles={{ label: { whiteSpace: 'normal', textAlign: 'start', height: 'auto' } }}
          h="auto"
        >
          {t('photos.banner.title')}
        </Button>
      </Group>
    );
  }
  return (
    // Information, not an alarm: Mantine's Alert would be role=alert and read out on every visit.
    <Alert
      ref={banner}
      role="note"
      tabIndex={-1}
      variant="light"
      title={t('photos.banner.title')}
      radius="md"
      data-testid="timeline-banner"
    >
      <Text size="sm">{t('photos.banner.text')}</Text>
      {expanded ? (
        <Text size="sm" mt="xs" id={moreId}>
          {t('photos.banner.more')}
        </Text>
      ) : null}
      <Group gap="md" mt="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          onClick={() => setExpanded((v) => !v)}
          aria-expanded={expanded}
          aria-controls={expanded ? moreId : undefined}
        >
          {expanded ? t('photos.banner.showLess') : t('photos.banner.showMore')}
        </Button>
        <Anchor
          href={routes.PhotoManagementFAQ}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
        >
          {t('photos.banner.faq')}
        </Anchor>
        <Button variant="subtle" size="compact-sm" px={0} onClick={() => collapse(true)}>
          {t('photos.banner.hide')}
        </Button>
      </Group>
    </Alert>
  );
}
