import type { Db } from './database.ts';

/**
 * A secret of the server itself (a signing key …), one value for every instance on this
 * database. The first instance to ask creates it; instances starting at the same moment may
 * both create one, but only the first insert lands (`on conflict do nothing`) and both read
 * back the stored one. `initial` is asked only when the database has none: it may import the
 * value an older version kept in the data folder, so existing installations keep their keys.
 */
export async function sharedSecret(db: Db, name: string, initial: () => string): Promise<string> {
  const existing = await readSecret(db, name);
  if (existing !== undefined) return existing;
  await db
    .insertInto('server_secrets')
    .values({ name, value: initial(), created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const stored = await readSecret(db, name);
  if (stored === undefined) throw new Error(`The server secret ${name} could not be stored`);
  return stored;
}

async function readSecret(db: Db, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}
