/** The delivery address change of docs/product.md#states, its six states. */
export type AddressChangeState =
  | 'NotStarted'
  | 'Editing'
  | 'RequestInProgress'
  | 'RequestSent'
  | 'SuccessfulUpdate'
  | 'RequestFailed';

export type AddressChangeEvent =
  /** The customer opens the form (again, after a failure). */
  | { type: 'edit' }
  | { type: 'cancel' }
  | { type: 'submit' }
  /** 200: applied at once. */
  | { type: 'updated' }
  /** 202: the retailer applies it later (the order is in production). */
  | { type: 'requested' }
  | { type: 'failed' }
  /** The customer closes the confirmation. */
  | { type: 'close' };

const transitions: Record<
  AddressChangeState,
  Partial<Record<AddressChangeEvent['type'], AddressChangeState>>
> = {
  NotStarted: { edit: 'Editing' },
  Editing: { cancel: 'NotStarted', submit: 'RequestInProgress' },
  RequestInProgress: {
    updated: 'SuccessfulUpdate',
    requested: 'RequestSent',
    failed: 'RequestFailed',
  },
  RequestFailed: { edit: 'Editing', submit: 'RequestInProgress', cancel: 'NotStarted' },
  SuccessfulUpdate: { close: 'NotStarted' },
  RequestSent: { close: 'NotStarted' },
};

/** The next state; an event the state does not expect leaves it as it is. */
export function addressChangeReducer(
  state: AddressChangeState,
  event: AddressChangeEvent,
): AddressChangeState {
  return transitions[state][event.type] ?? state;
}
