import { useContext } from 'react';
import { IdentityContext } from './identity-context';
import type { Identity } from './identity-context';

/** The signed-in user (only inside the authenticated shell). */
export function useIdentity(): Identity {
  const identity = useContext(IdentityContext);
  if (!identity) throw new Error('useIdentity must be used inside the authenticated shell');
  return identity;
}
