import { clientConfigFixture } from '../../testing/client-config-fixture';
import { isDefaultBrand, redirectTarget, resolveBrand } from './resolve-brand';

const config = clientConfigFixture();

describe('resolveBrand (docs/product.md#brands)', () => {
  it('finds the brand of a known host, ignoring case', () => {
    expect(resolveBrand(config, 'albelli-nl.localhost').brandClass).toBe('alb');
    expect(resolveBrand(config, 'ALBELLI-NL.localhost').host).toBe('albelli-nl.localhost');
  });

  it('gives an unknown host the default host brand', () => {
    const brand = resolveBrand(config, 'evil.example.com');
    expect(brand.host).toBe('localhost');
    expect(isDefaultBrand(config, brand)).toBe(true);
  });

  it('does not treat a brand host as default', () => {
    expect(isDefaultBrand(config, resolveBrand(config, 'photobox-uk.localhost'))).toBe(false);
  });
});

describe('redirectTarget (docs/product.md#brands French redirect)', () => {
  it('keeps protocol, port, path, query and hash', () => {
    const href = 'http://photobox-fr.localhost:8080/orders?stripped=true#top';
    expect(redirectTarget(config, { hostname: 'photobox-fr.localhost', href })).toBe(
      'http://albelli-fr.localhost:8080/orders?stripped=true#top',
    );
  });

  it('does nothing for other hosts', () => {
    expect(
      redirectTarget(config, {
        hostname: 'albelli-nl.localhost',
        href: 'http://albelli-nl.localhost/',
      }),
    ).toBeNull();
  });
});
