import { brandFixture } from '../../testing/client-config-fixture';
import { applyIndexingRule, applyThemeColor, indexingRule } from './seo';

describe('indexing (docs/product.md#brands)', () => {
  const production = brandFixture({
    host: 'albelli-nl.localhost',
    canonicalOrigin: 'https://www.albelli.nl',
  });
  const acceptance = brandFixture({ host: 'acc.localhost', production: false });

  it('sets a canonical link on the home path of a production host only', () => {
    expect(indexingRule(production, '/')).toEqual({
      kind: 'canonical',
      href: 'https://www.albelli.nl/',
    });
    expect(indexingRule(production, '/orders')).toEqual({ kind: 'noindex' });
    expect(indexingRule(acceptance, '/')).toEqual({ kind: 'noindex' });
  });

  it('keeps exactly one of canonical or robots in <head> while navigating', () => {
    applyIndexingRule(document, indexingRule(production, '/'));
    expect(document.head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(
      'https://www.albelli.nl/',
    );
    expect(document.head.querySelector('meta[name=robots]')).toBeNull();
    applyIndexingRule(document, indexingRule(production, '/settings'));
    expect(document.head.querySelector('link[rel=canonical]')).toBeNull();
    expect(document.head.querySelectorAll('meta[name=robots]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name=robots]')?.getAttribute('content')).toBe(
      'noindex',
    );
  });

  it('writes the theme colour', () => {
    applyThemeColor(document, '#e8590c');
    applyThemeColor(document, '#0072b9');
    expect(document.head.querySelectorAll('meta[name=theme-color]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name=theme-color]')?.getAttribute('content')).toBe(
      '#0072b9',
    );
  });
});
