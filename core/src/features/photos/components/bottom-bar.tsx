import type { ReactNode } from 'react';
import classes from './bottom-bar.module.css';

export interface BottomBarProps {
  /** Accessible name of the bar (a region landmark). */
  label: string;
  children: ReactNode;
}

/**
 * The frame of the bars of select and order-prints modes (docs/product.md#screens): fixed at the
 * bottom of the screen, with as much space kept free under the list so no photo hides behind it.
 */
export function BottomBar({ label, children }: BottomBarProps) {
  return (
    <>
      <div className={classes.barSpacer} />
      <div className={classes.bar} role="region" aria-label={label}>
        <div className={classes.inner}>{children}</div>
      </div>
    </>
  );
}
