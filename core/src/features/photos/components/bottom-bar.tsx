import { useRef } from 'react';
import type { ReactNode } from 'react';
import { usePublishedHeight } from '../../../ui/published-height';
import classes from './bottom-bar.module.css';

export interface BottomBarProps {
  /** Accessible name of the bar (a region landmark). */
  label: string;
  children: ReactNode;
}

/**
 * The height of the bar on screen, published on the root element while a bar is shown, so
 * what else floats at the bottom of the window (the desktop app's transfers dock) sits above it
 * instead of covering its buttons.
 */
export const BOTTOM_BAR_HEIGHT_PROPERTY = '--photo-bottom-bar-height';

/**
 * The frame of the bars of select and order-prints modes (docs/product.md#screens): fixed at the
 * bottom of the screen, with as much space kept free under the list so no photo hides behind it.
 */
export function BottomBar({ label, children }: BottomBarProps) {
  const bar = useRef<HTMLDivElement>(null);
  usePublishedHeight(bar, BOTTOM_BAR_HEIGHT_PROPERTY);
  return (
    <>
      <div className={classes.barSpacer} />
      <div ref={bar} className={classes.bar} role="region" aria-label={label}>
        <div className={classes.inner}>{children}</div>
      </div>
    </>
  );
}
