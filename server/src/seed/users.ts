import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/database.ts';
import type { UsersTable } from '../db/tables/users.ts';

/** The demo logins of docs/conventions.md. */
export const DEMO_PASSWORD = 'demo1234';
export const demoUsers = {
  demo: { email: 'demo@example.com', password: DEMO_PASSWORD, kind: 'consumer' },
  business: { email: 'business@example.com', password: DEMO_PASSWORD, kind: 'business' },
  friend: { email: 'friend@example.com', password: DEMO_PASSWORD, kind: 'consumer' },
} as const;
export type DemoUserKey = keyof typeof demoUsers;

/** Stable UUID (v4 layout) from a name, so every fresh database gets the same demo ids. */
export function stableUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function demoUserId(key: DemoUserKey): string {
  return stableUuid(`user:${demoUsers[key].email}`);
}

/**
 * Creates the demo users in one transaction if the users table is empty. Idempotent: a
 * database that has any user is left alone. Returns whether it created them.
 */
export async function seedUsers(db: Db): Promise<boolean> {
  const rows: Insertable<UsersTable>[] = await Promise.all(
    (Object.keys(demoUsers) as DemoUserKey[]).map(async (key) => {
      const user = demoUsers[key];
      const id = demoUserId(key);
      const business = user.kind === 'business';
      return {
        id,
        email: user.email,
        password_hash: await hashPassword(user.password),
        idp_type: 'local',
        idp_sub: stableUuid(`idp:${user.email}`),
        authentication_method: business ? 'b2b' : 'password',
        // The business user has legacy photos waiting to be imported (docs/product.md#states activation).
        activation_status: business ? 'NOT_ACTIVE' : 'ACTIVE',
        business_status: business ? 'Default' : null,
      };
    }),
  );
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    await trx.insertInto('users').values(rows).execute();
    return true;
  });
}
