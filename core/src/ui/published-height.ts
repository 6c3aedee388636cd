import { useLayoutEffect } from 'react';
import type { RefObject } from 'react';

/**
 * Publishes an element's height (plus `extra` px) as a CSS custom property on the root element
 * while it is mounted, kept current as it resizes, so what is laid out around a fixed element it
 * cannot contain (a bar or a dock at the window's bottom) can keep clear of it.
 */
export function usePublishedHeight(
  ref: RefObject<HTMLElement | null>,
  property: `--${string}`,
  extra = 0,
): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const root = document.documentElement;
    const publish = () =>
      root.style.setProperty(property, `${Math.ceil(element.offsetHeight) + extra}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(property);
    };
  }, [ref, property, extra]);
}
