import { Button, CheckIcon, Group, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyMenu } from '../../../ui/use-floating';

/** One entry of the 'More actions' menu. */
export interface CompactAction {
  /** Stable key. */
  id: string;
  label: string;
  onSelect: () => void;
  /** Red, for actions that delete. @default undefined */
  color?: 'red';
}

/** A group of choices in the menu, one of them current (the sort). */
export interface CompactChoices {
  /** The group's heading in the menu. */
  label: string;
  items: { id: string; label: string; current: boolean; onSelect: () => void }[];
}

export interface CompactActionBarProps {
  /** The main action, shown as a button before the menu (Add photos); null for none. */
  primary: ReactNode;
  /** Every other action, in the menu in this order. */
  actions: CompactAction[];
  /** Choices shown after the actions, under their heading. @default undefined */
  choices?: CompactChoices;
}

/**
 * True below the `sm` breakpoint (docs/product.md#limits: small screens are under 575 px), read
 * at once so a phone never paints the wide toolbar first.
 */
export function useCompactToolbar(): boolean {
  const theme = useMantineTheme();
  // Media queries count an em as 16 px; just below `sm`, as Mantine's `hiddenFrom="sm"` does.
  const below = parseFloat(theme.breakpoints.sm) * 16 - 0.1;
  return (
    useMediaQuery(`(max-width: ${below}px)`, undefined, { getInitialValueInEffect: false }) ?? false
  );
}

/**
 * The toolbar of a photo page on a phone (docs/product.md#screens "Phone action bar"): the main
 * action as a button, then one 'More actions' menu button holding the rest, so the photos start
 * within the first screen. Mantine's Menu loads after the first paint (`useFloating`); until then
 * a same-looking button stands in, and a click on it loads and opens the menu.
 */
export function CompactActionBar({ primary, actions, choices }: CompactActionBarProps) {
  const { t } = useTranslation();
  const { floating, opened, setOpened, target, standInProps } = useLazyMenu();

  const label = t('photos.header.moreActions');
  const hasMenu = actions.length > 0 || (choices?.items.length ?? 0) > 0;
  let menu: ReactNode = null;
  if (hasMenu && !floating) {
    menu = (
      <Button variant="default" {...standInProps}>
        {label}
      </Button>
    );
  } else if (hasMenu && floating) {
    const { Menu } = floating;
    menu = (
      // No focus placeholder: a role=presentation child is not allowed inside role=menu (axe).
      <Menu
        position="bottom-start"
        withinPortal
        opened={opened}
        onChange={setOpened}
        withInitialFocusPlaceholder={false}
        // Never wider than the screen: long labels (French, German) wrap.
        styles={{
          dropdown: { maxWidth: 'calc(100vw - 1rem)' },
          itemLabel: { whiteSpace: 'normal' },
        }}
      >
        <Menu.Target>
          <Button ref={target} variant="default">
            {label}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map((action) => (
            <Menu.Item
              key={action.id}
              data-action={action.id}
              color={action.color}
              onClick={action.onSelect}
            >
              {action.label}
            </Menu.Item>
          ))}
          {choices && choices.items.length > 0 ? (
            <>
              {actions.length > 0 ? <Menu.Divider /> : null}
              <Menu.Label>{choices.label}</Menu.Label>
              {choices.items.map((item) => (
                <Menu.Item
                  key={item.id}
                  data-choice={item.id}
                  onClick={item.onSelect}
                  fw={item.current ? 700 : undefined}
                  aria-current={item.current ? 'true' : undefined}
                  leftSection={
                    item.current ? <CheckIcon size={12} /> : <span style={{ width: 12 }} />
                  }
                >
                  {item.label}
                </Menu.Item>
              ))}
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
    );
  }
  return (
    // Two long labels (German, French) wrap onto a second line at 320 px rather than overflow.
    <Group gap="xs" data-testid="compact-action-bar">
      {primary}
      {menu}
    </Group>
  );
}
