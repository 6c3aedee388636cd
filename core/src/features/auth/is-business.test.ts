import { isBusinessUser } from './is-business';

describe('isBusinessUser (docs/product.md#roles-and-flags: authentication method b2b, any case)', () => {
  it.each([
    ['b2b', true],
    ['B2B', true],
    ['b2B', true],
    [' b2b ', true],
    ['password', false],
    ['b2c', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (method, expected) => {
    expect(isBusinessUser({ authentication_method: method })).toBe(expected);
  });

  it('is false without claims', () => {
    expect(isBusinessUser(null)).toBe(false);
  });
});
