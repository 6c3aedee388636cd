import { CloseButton, Group, Progress, Text } from '@mantine/core';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadFailure, UploadItemStatus } from '../../transfer/upload-model';

/** One row of the list: a picked file, before or while it uploads. */
export interface UploadRow {
  key: string;
  name: string;
  size: number;
  /** null before the user confirmed. */
  status: UploadItemStatus | null;
  sentBytes: number;
  failure: UploadFailure | null;
}

export const UPLOAD_ROW_HEIGHT = 48;
const LIST_HEIGHT = 264;

interface UploadFileListProps {
  rows: readonly UploadRow[];
  /** Present while files may still be removed (before confirming). */
  onRemove?: (key: string) => void;
}

/** The reason a file failed, naming it (docs/product.md#states). */
export function useFailureText() {
  const { t } = useTranslation();
  return (name: string, failure: UploadFailure) => {
    switch (failure.kind) {
      case 'refused':
        return t('photos.upload.failure.refused', { name });
      case 'too-large':
        return t('photos.upload.failure.tooLarge', { name });
      case 'network':
        return t('photos.upload.failure.network', { name });
      default:
        return t('photos.upload.failed', { name });
    }
  };
}

/**
 * The picked files with their states, virtualised: only the rows in view are in the DOM, so ten
 * thousand files keep the dialog responsive.
 */
export function UploadFileList({ rows, onRemove }: UploadFileListProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => UPLOAD_ROW_HEIGHT,
    overscan: 6,
    // Before layout (the first paint, jsdom) the list reports no height: assume its full one.
    initialRect: { width: 400, height: LIST_HEIGHT },
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(rect.height > 0 ? rect : { width: rect.width, height: LIST_HEIGHT }),
      ),
    getItemKey: (index) => rows[index]?.key ?? index,
  });

  const statusText = (row: UploadRow) => {
    if (row.failure && row.status === 'failed') return failureText(row.name, row.failure);
    switch (row.status) {
      case 'waiting':
        return t('photos.upload.status.waiting');
      case 'checking':
        return t('photos.upload.status.checking');
      case 'uploading':
        return t('photos.upload.status.uploading', {
          percent: Math.floor((row.sentBytes / Math.max(row.size, 1)) * 100),
        });
      case 'done':
        return t('photos.upload.status.done');
      case 'duplicate':
        return t('photos.upload.status.duplicate');
      default:
        return null;
    }
  };

  return (
    <div
      ref={scrollRef}
      role="list"
      aria-label={t('photos.upload.listLabel', { count: rows.length })}
      style={{ maxHeight: LIST_HEIGHT, overflowY: 'auto' }}
      data-testid="upload-file-list"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((virtual) => {
          const row = rows[virtual.index];
          if (!row) return null;
          const text = statusText(row);
          return (
            <div
              key={virtual.key}
              role="listitem"
              data-status={row.status ?? 'picked'}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: UPLOAD_ROW_HEIGHT,
                transform: `translateY(${virtual.start}px)`,
              }}
            >
              <Group gap="xs" wrap="nowrap" justify="space-between" h="100%" pr={4}>
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" truncate>
                    {row.name}
                  </Text>
                  {text ? (
                    <Text
                      size="xs"
                      c={row.status === 'failed' ? 'red' : 'dimmed'}
                      truncate
                      role={row.status === 'failed' ? 'alert' : undefined}
                    >
                      {text}
                    </Text>
                  ) : null}
                  {row.status === 'uploading' ? (
                    <Progress
                      size="xs"
                      value={(row.sentBytes / Math.max(row.size, 1)) * 100}
                      aria-hidden
                    />
                  ) : null}
                </div>
                {onRemove ? (
                  <CloseButton
                    size="sm"
                    aria-label={t('photos.upload.remove', { name: row.name })}
                    onClick={() => onRemove(row.key)}
                  />
                ) : null}
              </Group>
            </div>
          );
        })}
      </div>
    </div>
  );
}
