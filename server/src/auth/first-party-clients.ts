/**
 * The ids of our own two clients (`oidc/clients.ts` registers them): their tokens may be
 * refreshed without `offline_access`, and only their access tokens open the APIs. Here, below
 * the sign-in provider, because the token check needs it too.
 */
export const FIRST_PARTY_CLIENTS = new Set(['web', 'desktop']);
