import { Select } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { SortingOptions } from '../../../api/schemas/paging';

const OPTIONS = ['created:desc', 'created:asc', 'dateTaken:desc', 'dateTaken:asc'] as const;

export interface AlbumSortSelectProps {
  /** Current sort. */
  value: SortingOptions;
  /** Called with the chosen sort. */
  onChange: (options: SortingOptions) => void;
}

/** Sort of an album's photos (docs/product.md#data: album views default to date added, newest first). */
export function AlbumSortSelect({ value, onChange }: AlbumSortSelectProps) {
  const { t } = useTranslation();
  const labels = OPTIONS.map((option) => t(`albums.sortOptions.${option.replace(':', '_')}`));
  // As wide as the longest option (a whole label is always readable), never wider than the page.
  const longest = Math.max(...labels.map((label) => label.length));
  // Phones (docs/product.md#limits: small < 575 px) get the small size, so every language's
  // longest option fits a 320 px screen.
  const small = useMediaQuery('(max-width: 575px)') ?? false;
  return (
    <Select
      aria-label={t('albums.sort')}
      data-testid="album-sort"
      size={small ? 'xs' : 'sm'}
      w={`min(100%, calc(${longest}ch + 2.5rem))`}
      allowDeselect={false}
      value={`${value.sortKey}:${value.sortOrder}`}
      data={OPTIONS.map((option, index) => ({ value: option, label: labels[index]! }))}
      onChange={(next) => {
        if (!next) return;
        const [sortKey, sortOrder] = next.split(':') as [
          SortingOptions['sortKey'],
          SortingOptions['sortOrder'],
        ];
        onChange({ sortKey, sortOrder });
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
