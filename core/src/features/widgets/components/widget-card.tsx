import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Widget } from '../../../api/schemas/widget';
import { formatDate } from '../../../lib/intl-format';
import { useTransitionSelector } from '../../../api/transition-selector';
import type { RootState } from '../../../store/store';
import { ExternalLink } from '../../../ui/external-link';
import { focusResult, pageHeading, useFocusOnResult } from '../../../ui/focus-result';
import { AppLink } from '../../../ui/stripped-link';
import { useDeleteWidgetMutation } from '../api';
import { selectWidgetDeleteState } from '../widgets-slice';
import { GalleryPanel } from './gallery-panel';

export interface WidgetCardProps {
  widget: Widget;
  /** The sales channel of the widget's order (its gallery channel). */
  channel: string;
  onShare: (widget: Widget) => void;
}

/**
 * One widget: its product, the last share, share, gallery and delete. A delete's answer takes
 * focus from the Delete button (docs/product.md#focus): the failure, or "… has been deleted"
 * until the reloaded list drops the card, then the page's heading.
 */
export function WidgetCard({ widget, channel, onShare }: WidgetCardProps) {
  const { t, i18n } = useTranslation();
  // Read as the list is (RTK Query's hooks read the store this way): the reloaded list that no
  // longer holds the widget clears its delete state in the same action, and the two must render
  // together. Read at once, the cleared state showed the deleted widget's card again, with its
  // Delete button, until the list's transition rendered, and focus fell to the page's body.
  const deleteState = useTransitionSelector((state: RootState) =>
    selectWidgetDeleteState(state, widget.code),
  );
  const [remove] = useDeleteWidgetMutation();
  const [galleryOpen, setGalleryOpen] = useState(false);
  const failure = useRef<HTMLDivElement>(null);
  const deleted = useRef<HTMLLIElement>(null);
  useFocusOnResult(failure, deleteState === 'Failed' ? 'failed' : null);
  useFocusOnResult(deleted, deleteState === 'Finished' ? 'deleted' : null);
  // A layout effect's clean-up runs while the card is still in the page, so focus moves on
  // before the removal would drop it to the page's body.
  useLayoutEffect(() => {
    const message = deleted.current;
    if (deleteState !== 'Finished' || !message) return undefined;
    return () => {
      if (message.contains(document.activeElement)) focusResult(pageHeading(message));
    };
  }, [deleteState]);
  if (deleteState === 'Finished')
    return (
      <Paper ref={deleted} withBorder p="md" radius="md" component="li" role="status">
        <Text size="sm">{t('widgets.deleted', { title: widget.title })}</Text>
      </Paper>
    );
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-busy={deleteState === 'InProgress'}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Text fw={600}>{widget.title}</Text>
            <Text size="sm" c="dimmed">
              {widget.code} ·{' '}
              <Anchor component={AppLink} to={`/orders/${encodeURIComponent(widget.orderCode)}`}>
                {t('orders.orderCode', { orderCode: widget.orderCode })}
              </Anchor>{' '}
              · {formatDate(widget.createdAt, i18n.language)}
            </Text>
            {widget.sharedAt && widget.recipientEmail ? (
              <Text size="sm">
                {t('widgets.lastShared', {
                  email: widget.recipientEmail,
                  date: formatDate(widget.sharedAt, i18n.language),
                })}
              </Text>
            ) : null}
            <ExternalLink href={widget.shopUrl} newTab>
              {t('widgets.viewInShop')}
            </ExternalLink>
          </Stack>
          <Group gap="xs">
            <Button
              size="xs"
              onClick={() => onShare(widget)}
              aria-label={t('widgets.shareNamed', { title: widget.title })}
            >
              {t('widgets.share.button')}
            </Button>
            <Button
              size="xs"
              variant="light"
              onClick={() => setGalleryOpen((open) => !open)}
              aria-expanded={galleryOpen}
              aria-label={t('widgets.galleryNamed', { title: widget.title })}
            >
              {t('widgets.gallery.button')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={deleteState === 'InProgress'}
              onClick={() => void remove(widget.code)}
              aria-label={t('widgets.deleteNamed', { title: widget.title })}
            >
              {t('widgets.delete')}
            </Button>
          </Group>
        </Group>
        {deleteState === 'Failed' ? (
          <Alert ref={failure} color="red" role="alert">
            {t('widgets.deleteFailed')}
          </Alert>
        ) : null}
        {galleryOpen ? <GalleryPanel widget={widget} channel={channel} /> : null}
      </Stack>
    </Paper>
  );
}
