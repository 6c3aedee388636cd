import { useEffect } from 'react';
import { useBrand, useIsDefaultBrand } from '../brand/brand-context';
import { formatPageTitle } from './page-title';

/** Sets the document title to '{title} | {brand}' (default brand: just '{title}'). */
export function usePageTitle(title: string): void {
  const brand = useBrand();
  const isDefault = useIsDefaultBrand();
  useEffect(() => {
    document.title = formatPageTitle(title, isDefault ? null : brand.brandLabel);
  }, [title, brand.brandLabel, isDefault]);
}
