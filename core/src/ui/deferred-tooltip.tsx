import type { TooltipProps } from '@mantine/core';
import { useFloating } from './use-floating';

/**
 * Mantine's `Tooltip` once the floating widgets have loaded (`useFloating`); until then the
 * child alone. Tooltips only matter on hover or focus, which comes after the first paint.
 */
export function DeferredTooltip(props: TooltipProps) {
  const floating = useFloating();
  if (!floating) return props.children;
  return <floating.Tooltip {...props} />;
}
