import { createContext } from 'react';

export interface Identity {
  sub: string;
  email: string;
  isBusiness: boolean;
}

/** Set by the auth gate once sign-in is done; null outside the authenticated shell. */
export const IdentityContext = createContext<Identity | null>(null);
