import { ActionIcon, Button, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './action-button.module.css';

/**
 * Where an action is shown: the selection bar of a list (a labelled button) or the preview's dark
 * toolbar (an icon with its label as tooltip and accessible name).
 */
export type ActionPlacement = 'bar' | 'toolbar';

export interface ActionButtonProps {
  placement: ActionPlacement;
  label: string;
  /** The toolbar's icon. */
  icon: ReactNode;
  onClick: () => void;
  /** @default false */
  disabled?: boolean;
  /** Disabled, with this reason as tooltip (e.g. 'Unavailable for shared albums'). */
  disabledReason?: string | null;
  /** @default false */
  loading?: boolean;
  /** The bar's look: the main action filled, a destructive one red. @default 'default' */
  look?: 'primary' | 'default' | 'destructive';
  /** Test id of the tooltip wrapper of a disabled action. */
  wrapperTestId?: string;
}

const barProps = {
  primary: { variant: 'filled' },
  default: { variant: 'default' },
  destructive: { variant: 'light', color: 'red' },
} as const;

/** One action's button, alike in every view; each action component renders one. */
export function ActionButton({
  placement,
  label,
  icon,
  onClick,
  disabled = false,
  disabledReason = null,
  loading = false,
  look = 'default',
  wrapperTestId,
}: ActionButtonProps) {
  const off = disabled || disabledReason !== null;
  const button =
    placement === 'bar' ? (
      <Button {...barProps[look]} onClick={onClick} disabled={off} loading={loading}>
        {label}
      </Button>
    ) : (
      <ActionIcon
        variant="subtle"
        color="gray.0"
        size="lg"
        className={classes.toolbarButton}
        aria-label={label}
        disabled={off}
        loading={loading}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    );
  if (disabledReason) {
    return (
      <WithTooltip label={disabledReason} testId={wrapperTestId}>
        {button}
      </WithTooltip>
    );
  }
  if (placement === 'toolbar') {
    return (
      <Tooltip label={label} openDelay={400}>
        {button}
      </Tooltip>
    );
  }
  return button;
}

/** A disabled button fires no pointer events: a focusable wrapper carries its tooltip. */
export function WithTooltip({
  label,
  testId,
  children,
}: {
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow events={{ hover: true, focus: true, touch: true }}>
      <span tabIndex={0} className={classes.tooltipTarget} data-testid={testId}>
        {children}
      </span>
    </Tooltip>
  );
}
