import { Button, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_DOWNLOAD_PHOTOS } from '../../../api/schemas/photo';
import classes from './photo-library.module.css';

export interface SelectionBarProps {
  count: number;
  /** Copy to album is offered only with the album-view flag. */
  canCopy: boolean;
  downloading: boolean;
  onDownload: () => void;
  onCopy: () => void;
  onDelete: () => void;
}

/** Download is disabled with nothing selected and above 100 (docs/product.md#validation). */
export function downloadDisabled(count: number): boolean {
  return count === 0 || count > MAX_DOWNLOAD_PHOTOS;
}

/** The bar of select mode (docs/product.md#screens): download, copy to album (flag), delete. */
export function SelectionBar({
  count,
  canCopy,
  downloading,
  onDownload,
  onCopy,
  onDelete,
}: SelectionBarProps) {
  const { t } = useTranslation();
  const tooLarge = count > MAX_DOWNLOAD_PHOTOS;
  const download = (
    <Button
      onClick={onDownload}
      disabled={downloadDisabled(count)}
      loading={downloading}
      variant="filled"
    >
      {t('photos.selectionBar.download')}
    </Button>
  );
  return (
    <div className={classes.bar} role="region" aria-label={t('photos.selectionBar.label')}>
      <Group justify="space-between" wrap="nowrap" maw={1280} mx="auto">
        {/* On phones the header already shows the count; the bar keeps its width for the buttons. */}
        <Text fw={600} aria-live="polite" visibleFrom="xs">
          {t('photos.header.selected', { amount: count })}
        </Text>
        <Group gap="xs" wrap="nowrap" justify="flex-end" style={{ flex: 1 }}>
          {tooLarge ? (
            <Tooltip
              label={t('photos.selectionBar.downloadLimit')}
              withArrow
              events={{ hover: true, focus: true, touch: true }}
            >
              {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
              <span tabIndex={0} data-testid="download-limit">
                {download}
              </span>
            </Tooltip>
          ) : (
            download
          )}
          {canCopy ? (
            <Button variant="default" onClick={onCopy} disabled={count === 0}>
              {t('photos.selectionBar.copyToAlbum')}
            </Button>
          ) : null}
          <Button color="red" variant="light" onClick={onDelete} disabled={count === 0}>
            {t('photos.selectionBar.delete')}
          </Button>
        </Group>
      </Group>
    </div>
  );
}
