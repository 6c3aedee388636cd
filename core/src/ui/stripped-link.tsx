import { useCallback } from 'react';
import type { Ref } from 'react';
import { Link, parsePath, useLocation, useNavigate } from 'react-router-dom';
import type { LinkProps, NavigateOptions, To } from 'react-router-dom';

export const STRIPPED_PARAM = 'stripped';

/** True when the address carries `stripped=true` (docs/product.md#brands: the reduced layout). */
export function isStrippedSearch(search: string): boolean {
  return new URLSearchParams(search).get(STRIPPED_PARAM) === 'true';
}

/** Adds `stripped=true` to `to` when the current page is stripped (docs/product.md#brands: carried on internal navigation). */
export function carryStripped(to: To, stripped: boolean): To {
  if (!stripped) return to;
  const path = typeof to === 'string' ? parsePath(to) : { ...to };
  const params = new URLSearchParams(path.search ?? '');
  params.set(STRIPPED_PARAM, 'true');
  return { ...path, search: `?${params.toString()}` };
}

/** Whether the current page uses the reduced layout. */
export function useIsStripped(): boolean {
  return isStrippedSearch(useLocation().search);
}

/** `useNavigate` that keeps `stripped=true`. A number goes back/forward in history as usual. */
export function useAppNavigate(): (to: To | number, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const stripped = useIsStripped();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      if (typeof to === 'number') void navigate(to);
      else void navigate(carryStripped(to, stripped), options);
    },
    [navigate, stripped],
  );
}

export type AppLinkProps = LinkProps & { ref?: Ref<HTMLAnchorElement> };

/** `<Link>` that keeps `stripped=true`; usable as Mantine's `component={AppLink}`. */
export function AppLink({ to, ref, ...props }: AppLinkProps) {
  const stripped = useIsStripped();
  return <Link ref={ref} to={carryStripped(to, stripped)} {...props} />;
}
