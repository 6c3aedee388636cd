import type { ApiError } from '../../api/base-api';

/**
 * The request side of account deletion and e-mail change (docs/product.md#states): not
 * requested → in progress → received (the mail is on its way) or failed; reset goes back to not
 * requested. An e-mail change failure keeps why: 409 is `emailInUse`, 429 `tooManyRequests`,
 * anything else `generic`.
 */
export type FailureReason = 'emailInUse' | 'tooManyRequests' | 'generic';

export type RequestState =
  | { status: 'notRequested' }
  | { status: 'inProgress' }
  | { status: 'received'; expiresAt: string }
  | { status: 'failed'; reason: FailureReason; emailInUse: boolean; correlationId: string };

export type RequestEvent =
  | { type: 'send' }
  | { type: 'received'; expiresAt: string }
  | { type: 'failed'; error: ApiError }
  | { type: 'reset' };

export const initialRequestState: RequestState = { status: 'notRequested' };

export function failureReason(error: ApiError): FailureReason {
  if (error.status === 409) return 'emailInUse';
  if (error.status === 429) return 'tooManyRequests';
  return 'generic';
}

export function requestReducer(state: RequestState, event: RequestEvent): RequestState {
  switch (event.type) {
    case 'send':
      // One request at a time: a second submit while one is out changes nothing.
      return state.status === 'inProgress' ? state : { status: 'inProgress' };
    case 'received':
      return state.status === 'inProgress'
        ? { status: 'received', expiresAt: event.expiresAt }
        : state;
    case 'failed': {
      if (state.status !== 'inProgress') return state;
      const reason = failureReason(event.error);
      return {
        status: 'failed',
        reason,
        emailInUse: reason === 'emailInUse',
        correlationId: event.error.correlationId,
      };
    }
    case 'reset':
      return initialRequestState;
  }
}
