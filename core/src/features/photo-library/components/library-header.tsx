import { Button, Group, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortingOptions } from '../../../api/schemas/paging';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { useFeatureFlag } from '../../flags/use-feature-flag';
import {
  allDeselected,
  orderPrintsModeStarted,
  selectModeStarted,
  selectSelectedCount,
  selectSelectionMode,
  selectionStopped,
} from '../../photos/selection/selection-slice';
import { SortMenu } from '../../photos/sorting/sort-menu';
import { sortMenuOptionId, sortMenuOptions } from '../../photos/sorting/sort-menu-options';
import { CompactActionBar, useCompactToolbar } from './compact-action-bar';
import type { CompactAction } from './compact-action-bar';

export interface LibraryHeaderProps {
  /**
   * Photos in the library: the actions that need photos show only when there are some.
   * `undefined` while the count loads: those actions keep their place, disabled, so the heading's
   * buttons do not move when it arrives (docs/conventions.md, "Reserve the space of what arrives
   * later"); a library is rarely empty.
   */
  total: number | undefined;
  sort: SortingOptions;
  onSortChange: (sort: SortingOptions) => void;
  /** Selects every photo of the library, loaded or not. */
  onSelectAll: () => void;
  onUpload: () => void;
  onDeleteAll: () => void;
}

/**
 * The library's heading and buttons (docs/product.md#screens Photos header). Outside select mode:
 * Add photos (upload flag), Order prints (order-prints flag), Select, the sort, Delete all
 * photos. In select mode: '{amount} selected', Select all, Deselect all, Cancel and the sort.
 * On a phone, outside select mode, Add photos stays a button and the rest (the sort too) move
 * into one 'More actions' menu (docs/product.md#screens "Phone action bar").
 * Memoised (its callbacks must be stable): the page re-renders for every answer of its own
 * (the timeline, the month pages), which the heading does not show.
 */
export const LibraryHeader = memo(function LibraryHeader({
  total,
  sort,
  onSortChange,
  onSelectAll,
  onUpload,
  onDeleteAll,
}: LibraryHeaderProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const uploadEnabled = useFeatureFlag('PhotoManagementUploadEnabled');
  const orderPrintsEnabled = useFeatureFlag('PhotoManagementOrderPrintsEnabled');
  const selecting = useAppSelector(selectSelectionMode) !== 'off';
  const selected = useAppSelector(selectSelectedCount);
  const compact = useCompactToolbar();
  const counting = total === undefined;
  const hasPhotos = counting || total > 0;
  const sortMenu = <SortMenu view="photos" value={sort} onChange={onSortChange} />;
  const addPhotos = uploadEnabled ? (
    <Button onClick={onUpload}>{t('photos.header.addPhotos')}</Button>
  ) : null;

  if (compact && !selecting) {
    const actions: CompactAction[] = [];
    if (orderPrintsEnabled && total !== undefined && total > 0)
      actions.push({
        id: 'orderPrints',
        label: t('photos.header.orderPrints'),
        onSelect: () => dispatch(orderPrintsModeStarted()),
      });
    if (total !== undefined && total > 0) {
      actions.push({
        id: 'select',
        label: t('photos.header.select'),
        onSelect: () => dispatch(selectModeStarted()),
      });
      actions.push({
        id: 'deleteAll',
        label: t('photos.header.deleteAll'),
        onSelect: onDeleteAll,
        color: 'red',
      });
    }
    const current = sortMenuOptionId(sort);
    return (
      <div className="page-heading">
        <Title order={1} size="h2">
          {t('photos.title')}
        </Title>
        <CompactActionBar
          primary={addPhotos}
          actions={actions}
          choices={{
            label: t('photos.sort.label'),
            items: sortMenuOptions('photos').map((option) => ({
              id: option.id,
              label: t(option.labelKey),
              current: option.id === current,
              onSelect: () => onSortChange(option.options),
            })),
          }}
        />
      </div>
    );
  }

  return (
    <div className="page-heading">
      <Title order={1} size="h2">
        {t('photos.title')}
      </Title>
      {selecting ? (
        <Group gap="xs">
          <Text fw={600} aria-live="polite" data-testid="selected-count">
            {t('photos.header.selected', { amount: selected })}
          </Text>
          <Button variant="subtle" onClick={onSelectAll}>
            {t('photos.header.selectAll')}
          </Button>
          <Button
            variant="subtle"
            onClick={() => dispatch(allDeselected())}
            disabled={selected === 0}
          >
            {t('photos.header.deselectAll')}
          </Button>
          <Button variant="default" onClick={() => dispatch(selectionStopped())}>
            {t('photos.header.cancel')}
          </Button>
          {sortMenu}
        </Group>
      ) : (
        <Group gap="xs">
          {addPhotos}
          {orderPrintsEnabled && hasPhotos ? (
            <Button
              variant="light"
              disabled={counting}
              onClick={() => dispatch(orderPrintsModeStarted())}
            >
              {t('photos.header.orderPrints')}
            </Button>
          ) : null}
          {hasPhotos ? (
            <Button
              variant="default"
              disabled={counting}
              onClick={() => dispatch(selectModeStarted())}
            >
              {t('photos.header.select')}
            </Button>
          ) : null}
          {sortMenu}
          {hasPhotos ? (
            <Button variant="subtle" color="red" disabled={counting} onClick={onDeleteAll}>
              {t('photos.header.deleteAll')}
            </Button>
          ) : null}
        </Group>
      )}
    </div>
  );
});
