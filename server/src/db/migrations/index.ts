import type { Migration } from 'kysely';
import * as m0001 from './0001-users-and-oidc.ts';
import * as m0002 from './0002-photos.ts';
import * as m0003 from './0003-photo-cards.ts';
import * as m0004 from './0004-customer-integration.ts';

/**
 * Every migration, in order. Kysely sorts by name, so names start with a 4-digit number.
 * Add a file and one line here; never edit a migration that has landed.
 */
export const migrations: Record<string, Migration> = {
  '0001-users-and-oidc': m0001,
  '0002-photos': m0002,
  '0003-photo-cards': m0003,
  '0004-customer-integration': m0004,
};
