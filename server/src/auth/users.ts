import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { UsersTable } from '../db/tables/users.ts';

export type UserRow = Selectable<UsersTable>;

/** What every authenticated route knows about its caller (`request.user`). */
export interface AuthUser {
  id: string;
  email: string;
  isBusiness: boolean;
}

/** Business detection as docs/product.md#roles-and-flags: the authentication method equals 'b2b', case-insensitive. */
export function isBusinessMethod(authenticationMethod: string): boolean {
  return authenticationMethod.toLowerCase() === 'b2b';
}

export function toAuthUser(row: Pick<UserRow, 'id' | 'email' | 'authentication_method'>): AuthUser {
  return { id: row.id, email: row.email, isBusiness: isBusinessMethod(row.authentication_method) };
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** E-mail addresses are stored lower-case; look-ups normalise the same way. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
}
