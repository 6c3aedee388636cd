import { Button, CheckIcon, Menu, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SortingOptions } from '../../../api/schemas/paging';
import { sortMenuOptionId, sortMenuOptions } from '../../sorting/sort-menu-options';
import type { SortingView } from '../../sorting/sorting-slice';

export interface SortMenuProps {
  view: SortingView;
  value: SortingOptions;
  onChange: (options: SortingOptions) => void;
}

/** The sort dropdown with the §9 options and the tooltip 'Sort by upload date'. */
export function SortMenu({ view, value, onChange }: SortMenuProps) {
  const { t } = useTranslation();
  const options = sortMenuOptions(view);
  const current = options.find((option) => option.id === sortMenuOptionId(value)) ?? options[0]!;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('photos.sort.tooltip')} withArrow>
          <Button variant="default" aria-label={`${t('photos.sort.label')}: ${t(current.labelKey)}`}>
            {t(current.labelKey)}
          </Button>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {options.map((option) => (
          <Menu.Item
            key={option.id}
            onClick={() => onChange(option.options)}
            fw={option.id === current.id ? 700 : undefined}
            leftSection={option.id === current.id ? <CheckIcon size={12} /> : <span style={{ width: 12 }} />}
          >
            {t(option.labelKey)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
