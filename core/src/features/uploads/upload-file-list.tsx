import { CloseButton, Group, Progress, Text } from '@mantine/core';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_LIST_LIMIT } from '../../transfer/upload-model';
import type { UploadFile } from '../../transfer/upload-model';

/**
 * One row of the list: a file of the upload model (core/src/transfer/upload-model.ts), or a
 * picked file before the customer confirmed (`status` null).
 */
export interface UploadRow extends Pick<
  UploadFile,
  'id' | 'name' | 'size' | 'sentBytes' | 'failure'
> {
  status: UploadFile['status'] | null;
}

/** Every text of the list, in the customer's language: the web's i18next texts or the desktop's. */
export interface UploadListTexts {
  /** The list's accessible name. */
  label: string;
  /** A row's state in words (failures say why); null: nothing to say (picked, not sent yet). */
  status: (row: UploadRow) => string | null;
  /** The name of a row's remove button (only while files may still be removed). */
  remove?: (row: UploadRow) => string;
  /** The line under a long list that shows only its first files: 'and 12 more'. */
  more?: (count: number) => string;
}

export const UPLOAD_ROW_HEIGHT = 48;
const LIST_HEIGHT = 264;
/** Lists this short (a desktop queue's listed files) render every row: cheap, all findable. */
const RENDERED_WHOLE = UPLOAD_LIST_LIMIT;

interface UploadFileListProps {
  rows: readonly UploadRow[];
  texts: UploadListTexts;
  /** Files of the list not among `rows` (a long desktop queue sends its first 100). */
  moreCount?: number;
  /** Present while files may still be removed (before confirming). */
  onRemove?: (row: UploadRow) => void;
  /** Most the list grows to before it scrolls. @default 264 */
  maxHeight?: number;
}

/** The web's texts of the list (`photos.upload.*`): the reason a file failed names it. */
export function useUploadListTexts(count: number): UploadListTexts {
  const { t } = useTranslation();
  return {
    label: t('photos.upload.listLabel', { count }),
    status: (row) => {
      const { name } = row;
      if (row.status === 'failed') {
        switch (row.failure?.kind) {
          case 'refused':
            return t('photos.upload.failure.refused', { name });
          case 'too-large':
            return t('photos.upload.failure.tooLarge', { name });
          case 'network':
            return t('photos.upload.failure.network', { name });
          default:
            return t('photos.upload.failed', { name });
        }
      }
      if (row.status === 'uploading')
        return t('photos.upload.status.uploading', { percent: percentOf(row) });
      return row.status ? t(`photos.upload.status.${row.status}`) : null;
    },
    remove: (row) => t('photos.upload.remove', { name: row.name }),
  };
}

/** How much of a file is sent, in whole percent. */
export const percentOf = (row: Pick<UploadRow, 'sentBytes' | 'size'>) =>
  Math.floor((row.sentBytes / Math.max(row.size, 1)) * 100);

/**
 * The one list of uploads, on the web's upload dialog and the desktop's uploads panel: each
 * file with its state, virtualised (only the rows in view are in the DOM, so ten thousand files
 * keep the page responsive). Rows are keyed by the model's id, never by name. A failure is
 * announced politely, as a status; the list scrolls, and is reachable by keyboard for that.
 */
export function UploadFileList({
  rows,
  texts,
  moreCount = 0,
  onRemove,
  maxHeight = LIST_HEIGHT,
}: UploadFileListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => UPLOAD_ROW_HEIGHT,
    overscan: rows.length <= RENDERED_WHOLE ? rows.length : 6,
    // Before layout (the first paint, jsdom) the list reports no height: assume its full one.
    initialRect: { width: 400, height: maxHeight },
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(rect.height > 0 ? rect : { width: rect.width, height: maxHeight }),
      ),
    getItemKey: (index) => rows[index]?.id ?? index,
  });

  return (
    <div
      ref={scrollRef}
      role="list"
      aria-label={texts.label}
      // It scrolls: reachable by keyboard too.
      tabIndex={0}
      style={{ maxHeight, overflowY: 'auto' }}
      data-testid="upload-file-list"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((virtual) => {
          const row = rows[virtual.index];
          if (!row) return null;
          const text = texts.status(row);
          const failed = row.status === 'failed';
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
                      c={failed ? 'red.8' : 'dimmed'}
                      truncate
                      role={failed ? 'status' : undefined}
                    >
                      {text}
                    </Text>
                  ) : null}
                  {row.status === 'uploading' ? (
                    <Progress size="xs" value={percentOf(row)} aria-hidden />
                  ) : null}
                </div>
                {onRemove && texts.remove ? (
                  <CloseButton
                    size="sm"
                    aria-label={texts.remove(row)}
                    onClick={() => onRemove(row)}
                  />
                ) : null}
              </Group>
            </div>
          );
        })}
      </div>
      {moreCount > 0 && texts.more ? (
        <div role="listitem">
          <Text size="xs" c="dimmed">
            {texts.more(moreCount)}
          </Text>
        </div>
      ) : null}
    </div>
  );
}
