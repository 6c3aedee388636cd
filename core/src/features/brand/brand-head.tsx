import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useBrand } from './brand-context';
import { applyIndexingRule, applyThemeColor, indexingRule } from './seo';

/** Keeps theme colour, canonical link / NOINDEX and the document language in sync with brand and path. */
export function BrandHead() {
  const brand = useBrand();
  const { pathname } = useLocation();

  useEffect(() => {
    applyThemeColor(document, brand.themeColor);
    document.documentElement.lang = brand.locale;
    document.documentElement.dataset.brandClass = brand.brandClass;
  }, [brand.themeColor, brand.locale, brand.brandClass]);

  useEffect(() => {
    applyIndexingRule(document, indexingRule(brand, pathname));
  }, [brand, pathname]);

  return null;
}
