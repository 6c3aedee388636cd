/**
 * The customer asked for less motion (`prefers-reduced-motion: reduce`, an OS setting): nothing
 * glides, scrolls smoothly or fades. Mantine's own transitions follow the theme's
 * `respectReducedMotion` (brand-theme.ts), CSS transitions and animations the rule in app.css;
 * scrolls started from code ask here.
 */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** `smooth`, or `auto` (a jump) when the customer asked for less motion. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}
