import { addressChangeReducer } from './address-change-state';
import type { AddressChangeEvent, AddressChangeState } from './address-change-state';

describe('addressChangeReducer', () => {
  const cases: Array<[AddressChangeState, AddressChangeEvent['type'], AddressChangeState]> = [
    ['NotStarted', 'edit', 'Editing'],
    ['NotStarted', 'submit', 'NotStarted'],
    ['Editing', 'cancel', 'NotStarted'],
    ['Editing', 'submit', 'RequestInProgress'],
    ['Editing', 'updated', 'Editing'],
    ['RequestInProgress', 'updated', 'SuccessfulUpdate'],
    ['RequestInProgress', 'requested', 'RequestSent'],
    ['RequestInProgress', 'failed', 'RequestFailed'],
    ['RequestInProgress', 'cancel', 'RequestInProgress'],
    ['RequestFailed', 'submit', 'RequestInProgress'],
    ['RequestFailed', 'edit', 'Editing'],
    ['RequestFailed', 'cancel', 'NotStarted'],
    ['SuccessfulUpdate', 'close', 'NotStarted'],
    ['SuccessfulUpdate', 'edit', 'SuccessfulUpdate'],
    ['RequestSent', 'close', 'NotStarted'],
  ];
  it.each(cases)('%s + %s → %s', (state, type, next) => {
    expect(addressChangeReducer(state, { type } as AddressChangeEvent)).toBe(next);
  });
});
