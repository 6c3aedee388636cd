import { useCallback, useReducer } from 'react';
import type { ApiError } from '../../api/base-api';
import type { ConfirmationRequested } from '../../api/schemas/identity';
import { initialRequestState, requestReducer } from './request-state';
import type { RequestState } from './request-state';

interface Trigger<A> {
  (arg: A): { unwrap(): Promise<ConfirmationRequested> };
}

/** Runs an identity request mutation through the request state machine (`request-state.ts`). */
export function useIdentityRequest<A>(trigger: Trigger<A>): {
  state: RequestState;
  send: (arg: A) => Promise<void>;
  reset: () => void;
} {
  const [state, dispatch] = useReducer(requestReducer, initialRequestState);
  const send = useCallback(
    async (arg: A) => {
      dispatch({ type: 'send' });
      try {
        const answer = await trigger(arg).unwrap();
        dispatch({ type: 'received', expiresAt: answer.expiresAt });
      } catch (error) {
        // The store's error reporter has reported the rejected request already.
        dispatch({ type: 'failed', error: error as ApiError });
      }
    },
    [trigger],
  );
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  return { state, send, reset };
}
