import type { Db } from '../../db/database.ts';

/** The columns of the user's row that make up the customer record. */
export function findCustomerRow(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'activation_status',
      'business_status',
      'authentication_method',
      'callback_url',
      'callback_format',
      'customer_changed_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export type CustomerRow = NonNullable<Awaited<ReturnType<typeof findCustomerRow>>>;
