import { Select } from '@mantine/core';
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
  return (
    <Select
      aria-label={t('albums.sort')}
      w={220}
      allowDeselect={false}
      value={`${value.sortKey}:${value.sortOrder}`}
      data={OPTIONS.map((option) => ({
        value: option,
        label: t(`albums.sortOptions.${option.replace(':', '_')}`),
      }))}
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
