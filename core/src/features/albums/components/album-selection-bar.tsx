import { Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_DOWNLOAD_PHOTOS } from '../../../api/schemas/photo';
import { CopyIcon, DownloadIcon, MinusCircleIcon } from './icons';

export interface AlbumSelectionBarProps {
  /** Number of selected photos. */
  count: number;
  /** Shared album: copy, remove and order prints are disabled with a tooltip (docs/product.md#roles-and-flags). */
  shared: boolean;
  /** Copy to album is offered (album-view flag). */
  canCopy: boolean;
  /** Shows the (disabled) order-prints button of shared albums (order-prints flag). @default false */
  showOrderPrints?: boolean;
  onDownload: () => void;
  onCopy: () => void;
  onRemove: () => void;
  /** Leaves select mode. */
  onCancel: () => void;
}

/** Selection bar of an album: download, copy to album, remove from album (docs/product.md#screens, docs/product.md#validation, docs/product.md#roles-and-flags). */
export function AlbumSelectionBar({
  count,
  shared,
  canCopy,
  showOrderPrints = false,
  onDownload,
  onCopy,
  onRemove,
  onCancel,
}: AlbumSelectionBarProps) {
  const { t } = useTranslation();
  const none = count === 0;
  const tooMany = count > MAX_DOWNLOAD_PHOTOS;
  const unavailable = t('albums.unavailableShared');

  return (
    <Paper
      className="albums-selection-bar"
      shadow="md"
      p="sm"
      withBorder
      role="toolbar"
      aria-label={t('albums.selected', { amount: count })}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Button variant="subtle" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Text fw={600}>{t('albums.selected', { amount: count })}</Text>
        </Group>
        <Group gap="xs">
          <WithTooltip label={tooMany ? t('albums.downloadTooMany') : null}>
            <Button
              variant="default"
              leftSection={<DownloadIcon size={16} />}
              disabled={none || tooMany}
              onClick={onDownload}
            >
              {t('albums.download')}
            </Button>
          </WithTooltip>
          {canCopy && (
            <WithTooltip label={shared ? unavailable : null}>
              <Button
                variant="default"
                leftSection={<CopyIcon size={16} />}
                disabled={none || shared}
                onClick={onCopy}
              >
                {t('albums.copyToAlbum')}
              </Button>
            </WithTooltip>
          )}
          <WithTooltip label={shared ? unavailable : null}>
            <Button
              variant="default"
              color="red"
              leftSection={<MinusCircleIcon size={16} />}
              disabled={none || shared}
              onClick={onRemove}
            >
              {t('albums.removeFromAlbum')}
            </Button>
          </WithTooltip>
          {showOrderPrints && shared && (
            <WithTooltip label={unavailable}>
              <Button variant="default" disabled>
                {t('albums.orderPrints')}
              </Button>
            </WithTooltip>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** A disabled button fires no pointer events: the tooltip needs a wrapper to show. */
export function WithTooltip({ label, children }: { label: string | null; children: ReactNode }) {
  if (!label) return <>{children}</>;
  return (
    <Tooltip label={label} events={{ hover: true, focus: true, touch: true }}>
      <span tabIndex={0} style={{ display: 'inline-block' }}>
        {children}
      </span>
    </Tooltip>
  );
}
