import type { BrandHost } from '../../api/schemas/config';

export type IndexingRule = { kind: 'canonical'; href: string } | { kind: 'noindex' };

/** docs/product.md#brands: only the home path of a production host is indexable (canonical link); all else NOINDEX. */
export function indexingRule(brand: BrandHost, pathname: string): IndexingRule {
  if (brand.production && (pathname === '/' || pathname === '')) {
    return { kind: 'canonical', href: `${brand.canonicalOrigin.replace(/\/+$/, '')}/` };
  }
  return { kind: 'noindex' };
}

function ensureElement<T extends HTMLElement>(doc: Document, selector: string, create: () => T): T {
  const existing = doc.head.querySelector<T>(selector);
  if (existing) return existing;
  const element = create();
  doc.head.appendChild(element);
  return element;
}

/** Writes the rule into <head>: exactly one of the canonical link or the robots meta. */
export function applyIndexingRule(doc: Document, rule: IndexingRule): void {
  const canonical = doc.head.querySelector('link[rel="canonical"]');
  const robots = doc.head.querySelector('meta[name="robots"]');
  if (rule.kind === 'canonical') {
    robots?.remove();
    const link = ensureElement(doc, 'link[rel="canonical"]', () => {
      const created = doc.createElement('link');
      created.rel = 'canonical';
      return created;
    });
    link.setAttribute('href', rule.href);
  } else {
    canonical?.remove();
    const meta = ensureElement(doc, 'meta[name="robots"]', () => {
      const created = doc.createElement('meta');
      created.name = 'robots';
      return created;
    });
    meta.setAttribute('content', 'noindex');
  }
}

/** docs/product.md#brands: the theme-colour meta value comes from the brand's colour. */
export function applyThemeColor(doc: Document, color: string): void {
  const meta = ensureElement(doc, 'meta[name="theme-color"]', () => {
    const created = doc.createElement('meta');
    created.name = 'theme-color';
    return created;
  });
  meta.setAttribute('content', color);
}
