import { Button, CheckIcon } from '@mantine/core';
import { forwardRef } from 'react';
import type { ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortingOptions } from '../../../api/schemas/paging';
import { useLazyMenu } from '../../../ui/use-floating';
import { sortMenuOptionId, sortMenuOptions } from './sort-menu-options';
import type { SortingView } from './sorting-slice';

export interface SortMenuProps {
  view: SortingView;
  value: SortingOptions;
  onChange: (options: SortingOptions) => void;
}

const SortButton = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<'button'> & { label: string; current: string }
>(function SortButton({ label, current, ...rest }, ref) {
  return (
    // A long option (French, Spanish) wraps instead of widening the header past a phone screen.
    <Button
      ref={ref}
      variant="default"
      aria-label={`${label}: ${current}`}
      h="auto"
      mih={36}
      maw="100%"
      py={6}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'start', height: 'auto' } }}
      {...rest}
    >
      {current}
    </Button>
  );
});

/**
 * The sort dropdown with the docs/product.md#limits options and the tooltip 'Sort by upload date'. Menu and tooltip
 * load after the first paint (`useFloating`); until then the same-looking button stands in, and
 * a click on it loads them and opens the menu.
 */
export function SortMenu({ view, value, onChange }: SortMenuProps) {
  const { t } = useTranslation();
  const { floating, opened, setOpened, target: menuTarget, standInProps } = useLazyMenu();
  const options = sortMenuOptions(view);
  const current = options.find((option) => option.id === sortMenuOptionId(value)) ?? options[0]!;
  const label = t('photos.sort.label');
  const currentLabel = t(current.labelKey);

  if (!floating) {
    return <SortButton label={label} current={currentLabel} {...standInProps} />;
  }
  const { Menu, Tooltip } = floating;
  return (
    // No focus placeholder: a role=presentation child is not allowed inside role=menu (axe).
    <Menu
      position="bottom-end"
      withinPortal
      opened={opened}
      onChange={setOpened}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Tooltip label={t('photos.sort.tooltip')} withArrow>
          <SortButton ref={menuTarget} label={label} current={currentLabel} />
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {options.map((option) => (
          <Menu.Item
            key={option.id}
            onClick={() => onChange(option.options)}
            fw={option.id === current.id ? 700 : undefined}
            leftSection={
              option.id === current.id ? <CheckIcon size={12} /> : <span style={{ width: 12 }} />
            }
          >
            {t(option.labelKey)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
