/** docs/product.md#brands: '{page title} | {brand}'; the default brand's label is not shown. */
export function formatPageTitle(title: string, brandLabel: string | null | undefined): string {
  const page = title.trim();
  const brand = brandLabel?.trim();
  if (!brand) return page;
  if (!page) return brand;
  return `${page} | ${brand}`;
}
