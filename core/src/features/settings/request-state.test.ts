import type { ApiError } from '../../api/base-api';
import { failureReason, initialRequestState, requestReducer } from './request-state';
import type { RequestEvent, RequestState } from './request-state';

const error = (status: ApiError['status']): ApiError => ({
  status,
  message: `failed with ${status}`,
  correlationId: 'c-1',
});

const run = (...events: RequestEvent[]): RequestState =>
  events.reduce(requestReducer, initialRequestState);

describe('account request state (docs/product.md#states)', () => {
  it('not requested → in progress → received, and reset goes back', () => {
    expect(initialRequestState).toEqual({ status: 'notRequested' });
    expect(run({ type: 'send' })).toEqual({ status: 'inProgress' });
    const received = run({ type: 'send' }, { type: 'received', expiresAt: '2030-01-01' });
    expect(received).toEqual({ status: 'received', expiresAt: '2030-01-01' });
    expect(requestReducer(received, { type: 'reset' })).toEqual({ status: 'notRequested' });
  });

  it.each([
    [409, 'emailInUse', true],
    [429, 'tooManyRequests', false],
    [500, 'generic', false],
    [400, 'generic', false],
    ['NETWORK_ERROR', 'generic', false],
    ['PARSE_ERROR', 'generic', false],
  ] as const)(
    'a %s failure is %s (emailInUse %s), with its correlation id',
    (status, reason, inUse) => {
      expect(failureReason(error(status))).toBe(reason);
      expect(run({ type: 'send' }, { type: 'failed', error: error(status) })).toEqual({
        status: 'failed',
        reason,
        emailInUse: inUse,
        correlationId: 'c-1',
      });
    },
  );

  it('a failed request can be sent again, and reset clears the failure', () => {
    const failed = run({ type: 'send' }, { type: 'failed', error: error(429) });
    expect(requestReducer(failed, { type: 'send' })).toEqual({ status: 'inProgress' });
    expect(requestReducer(failed, { type: 'reset' })).toEqual(initialRequestState);
  });

  it('answers only count for a request in progress; a second send while one is out is ignored', () => {
    const sending = run({ type: 'send' });
    expect(requestReducer(sending, { type: 'send' })).toBe(sending);
    expect(run({ type: 'received', expiresAt: 'x' })).toEqual(initialRequestState);
    expect(run({ type: 'failed', error: error(500) })).toEqual(initialRequestState);
    // An answer arriving after a reset does not bring the old request back.
    expect(
      run({ type: 'send' }, { type: 'reset' }, { type: 'received', expiresAt: 'late' }),
    ).toEqual(initialRequestState);
  });
});
