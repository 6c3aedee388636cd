import { formatPageTitle } from './page-title';

describe('formatPageTitle (docs/product.md#brands)', () => {
  it('adds the brand after a pipe', () => {
    expect(formatPageTitle('My orders', 'albelli')).toBe('My orders | albelli');
  });
  it('leaves out the default brand label (empty)', () => {
    expect(formatPageTitle('My orders', '')).toBe('My orders');
    expect(formatPageTitle('My orders', null)).toBe('My orders');
  });
  it('trims both parts', () => {
    expect(formatPageTitle('  Settings ', ' Photobox ')).toBe('Settings | Photobox');
  });
});
