import { z } from 'zod/mini';
import { customerApi } from '../features/customer/api';
import { json, mockFetch } from '../testing/mock-fetch';
import { createTestStore } from '../testing/test-store';
import { checked, parseResponse, schemaFailure } from './checked-response';

afterEach(() => vi.unstubAllGlobals());

const customer = {
  id: 'c-1',
  email: 'demo@example.com',
  accountDeleted: false,
  status: null,
  callbackUrl: null,
  callbackFormat: null,
  changed: false,
};

describe('the one response check (docs/product.md#validation)', () => {
  it('a body that matches its schema is the data', async () => {
    mockFetch({ '/api/customer/customers/me': () => json(customer) });
    const { store } = createTestStore();
    const result = await store.dispatch(customerApi.endpoints.getCustomer.initiate());
    expect(result.data).toEqual(customer);
  });

  it('a body that does not match is a PARSE_ERROR naming the field', async () => {
    mockFetch({ '/api/customer/customers/me': () => json({ ...customer, email: 'not-an-email' }) });
    const { store } = createTestStore();
    const result = await store.dispatch(customerApi.endpoints.getCustomer.initiate());
    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ status: 'PARSE_ERROR' });
    expect((result.error as { message: string }).message).toContain('email');
  });

  it('checked() wires the schema and the converter; parseResponse does the same for a queryFn', () => {
    const schema = z.object({ n: z.number() });
    expect(checked(schema)).toEqual({ responseSchema: schema, catchSchemaFailure: schemaFailure });
    expect(parseResponse(schema, { n: 1 })).toEqual({ data: { n: 1 } });
    const failed = parseResponse(schema, { n: 'x' });
    expect('error' in failed && failed.error.status).toBe('PARSE_ERROR');
  });
});
