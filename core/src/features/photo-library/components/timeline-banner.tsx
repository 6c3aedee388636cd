import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStorefrontRoutes } from '../../brand/brand-context';

/** The banner above the timeline explaining the photo library, with show more / less and the FAQ. */
export function TimelineBanner() {
  const { t } = useTranslation();
  const routes = useStorefrontRoutes();
  const [expanded, setExpanded] = useState(false);
  const moreId = useId();
  return (
    <Alert variant="light" title={t('photos.banner.title')} radius="md">
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
      </Group>
    </Alert>
  );
}
