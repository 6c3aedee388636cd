import { z } from 'zod/mini';
import { json, mockFetch } from '../testing/mock-fetch';
import { createTestStore } from '../testing/test-store';
import { baseApi } from './base-api';
import { checked, parseResponse, schemaFailure } from './checked-response';

afterEach(() => vi.unstubAllGlobals());

const customerSchema = z.object({ id: z.string(), email: z.email() });
const customer = { id: 'c-1', email: 'demo@example.com' };

/** An endpoint that reads a body, as every feature's are built. */
const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCustomer: build.query<z.infer<typeof customerSchema>, void>({
      query: () => ({ api: 'customer', url: '/customers/me' }),
      ...checked(customerSchema),
    }),
  }),
});

describe('the one response check (docs/product.md#validation)', () => {
  it('a body that matches its schema is the data', async () => {
    mockFetch({ '/api/customer/customers/me': () => json(customer) });
    const { store } = createTestStore();
    const result = await store.dispatch(testApi.endpoints.getCustomer.initiate());
    expect(result.data).toEqual(customer);
  });

  it('a body that does not match is a PARSE_ERROR naming the field', async () => {
    mockFetch({ '/api/customer/customers/me': () => json({ ...customer, email: 'not-an-email' }) });
    const { store } = createTestStore();
    const result = await store.dispatch(testApi.endpoints.getCustomer.initiate());
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
