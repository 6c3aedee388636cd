import { isCustomerGone } from './api';

describe('isCustomerGone (docs/product.md#states)', () => {
  const customer = {
    id: 'c',
    email: 'a@example.com',
    accountDeleted: false,
    status: null,
    callbackUrl: null,
    callbackFormat: null,
    changed: false,
  };
  it('a record flagged deleted, or none at all (404), means the account is gone', () => {
    expect(isCustomerGone({ data: { ...customer, accountDeleted: true } })).toBe(true);
    expect(isCustomerGone({ error: { status: 404, message: 'x', correlationId: 'c' } })).toBe(true);
  });
  it('a live record, a load in progress or another failure is not', () => {
    expect(isCustomerGone({ data: customer })).toBe(false);
    expect(isCustomerGone({})).toBe(false);
    expect(isCustomerGone({ error: { status: 500, message: 'x', correlationId: 'c' } })).toBe(
      false,
    );
    expect(
      isCustomerGone({ error: { status: 'NETWORK_ERROR', message: 'x', correlationId: 'c' } }),
    ).toBe(false);
  });
});
