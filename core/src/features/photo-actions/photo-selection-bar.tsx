import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { DownloadItem } from '../downloads/use-photo-downloads';
import { BottomBar } from '../photos/components/bottom-bar';
import { useResolveSelection } from '../photos/selection/resolve-selection';
import {
  selectSelectedCount,
  selectSelectedIds,
  selectionStopped,
} from '../photos/selection/selection-slice';
import { CopyToAlbumAction } from './copy-to-album-action';
import { DeleteAction } from './delete-action';
import { DownloadAction } from './download-action';
import { OrderPrintsAction } from './order-prints-action';
import { RemoveFromAlbumAction } from './remove-from-album-action';
import { DeletePermanentlyAction, RestoreAction } from './trash-actions';

/** Which list the selection belongs to; it decides the actions. */
export type SelectionView =
  | { kind: 'library' }
  | { kind: 'album'; albumId: string; albumName: string }
  | { kind: 'shared'; albumId: string; albumName: string }
  | { kind: 'trash' };

export interface PhotoSelectionBarProps {
  view: SelectionView;
  /** The given photos as far as they are loaded (ids of the others), read on download. */
  selectedItems?: (ids: readonly string[]) => DownloadItem[];
  /** Shows Cancel in the bar (views whose header has none). */
  onCancel?: () => void;
}

/**
 * The one bar of select mode (docs/product.md#screens), for every photo list: the count and the
 * actions of the view, each one component shared with the preview's toolbar. The library:
 * Download, Copy to album, Delete. An album: Download, Copy to album, Remove from album. A shared
 * album: Download; Copy, Remove and Order prints disabled with 'Unavailable for shared albums'
 * (docs/product.md#roles-and-flags). Recently deleted: Restore and Delete permanently
 * (docs/product.md#recently-deleted).
 */
export function PhotoSelectionBar({ view, selectedItems, onCancel }: PhotoSelectionBarProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const selectedIds = useAppSelector(selectSelectedIds);
  const count = useAppSelector(selectSelectedCount);
  const stop = () => dispatch(selectionStopped());
  const countText = t('photos.header.selected', { amount: count });
  return (
    <BottomBar label={t('photos.selectionBar.label')}>
      {/* Where the count and the actions do not fit on one line (a phone, long words), the actions
          take the next line and wrap there, so every button keeps its whole label on screen. */}
      <Group
        role="toolbar"
        aria-label={countText}
        justify="space-between"
        wrap="wrap"
        gap="xs"
        style={{ flex: 1 }}
      >
        {/* Without Cancel, on phones the header already shows the count: the bar keeps its width
            for the buttons (hidden as a whole, so no empty line is left above them). */}
        <Group gap="xs" wrap="nowrap" visibleFrom={onCancel ? undefined : 'xs'}>
          {onCancel ? (
            <Button variant="subtle" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          ) : null}
          <Text fw={600} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
            {countText}
          </Text>
        </Group>
        <Group gap="xs" wrap="wrap" justify="flex-end" style={{ flex: '1 1 auto' }}>
          {view.kind === 'trash' ? (
            <>
              <RestoreAction placement="bar" photoIds={selectedIds} onDone={stop} />
              <DeletePermanentlyAction placement="bar" photoIds={selectedIds} onDone={stop} />
            </>
          ) : (
            <ListActions view={view} selectedItems={selectedItems} onStop={stop} />
          )}
        </Group>
      </Group>
    </BottomBar>
  );
}

/** The actions of the library and the albums. */
function ListActions({
  view,
  selectedItems = (ids) => [...ids],
  onStop: stop,
}: {
  view: Exclude<SelectionView, { kind: 'trash' }>;
  selectedItems?: (ids: readonly string[]) => DownloadItem[];
  onStop: () => void;
}) {
  const { t } = useTranslation();
  const selectedIds = useAppSelector(selectSelectedIds);
  const count = useAppSelector(selectSelectedCount);
  // A selection may hold whole months or the library: their ids are read when an action runs.
  const resolve = useResolveSelection();
  const shared = view.kind === 'shared';
  const unavailable = shared ? t('albums.unavailableShared') : null;
  return (
    <>
      <DownloadAction
        placement="bar"
        count={count}
        items={async () => selectedItems(await resolve())}
        sharedAlbumId={shared ? view.albumId : undefined}
        onDone={view.kind === 'library' ? stop : undefined}
      />
      <CopyToAlbumAction
        placement="bar"
        photoIds={resolve}
        count={count}
        disabledReason={unavailable}
      />
      {view.kind === 'library' ? (
        <DeleteAction placement="bar" photoIds={resolve} count={count} onDeleted={stop} />
      ) : (
        // An album's selection holds picked photos only.
        <RemoveFromAlbumAction
          placement="bar"
          albumId={view.albumId}
          albumName={view.albumName}
          photoIds={selectedIds}
          disabledReason={unavailable}
          onRemoved={stop}
        />
      )}
      {shared ? (
        <OrderPrintsAction placement="bar" count={count} disabledReason={unavailable} />
      ) : null}
    </>
  );
}
