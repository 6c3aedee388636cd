import { useContext, useEffect } from 'react';
import { PageTitleContext } from '../../ui/page-title-context';

/**
 * Sets the document title to '{title} | {brand}' (default brand: just '{title}') while the
 * page is shown. The brand's setter comes from `BrandProvider` (see `page-title.ts`).
 */
export function usePageTitle(title: string): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => setTitle(title), [setTitle, title]);
}
