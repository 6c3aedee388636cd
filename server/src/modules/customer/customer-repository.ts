import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CustomerAddressesTable, PaymentMethodsTable } from '../../db/tables/account.ts';

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
      'first_name',
      'last_name',
      'phone_number',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export type CustomerRow = NonNullable<Awaited<ReturnType<typeof findCustomerRow>>>;

/** Updates the customer's own columns and marks the record changed. */
export async function updateCustomer(
  db: Db,
  userId: string,
  changes: Partial<
    Pick<
      CustomerRow,
      'first_name' | 'last_name' | 'phone_number' | 'callback_url' | 'callback_format'
    >
  >,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, customer_changed_at: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

export type AddressRow = Selectable<CustomerAddressesTable>;
export type AddressFields = Omit<
  Insertable<CustomerAddressesTable>,
  'id' | 'user_id' | 'created_at' | 'updated_at' | 'is_default'
>;

export function listAddresses(db: Db, userId: string): Promise<AddressRow[]> {
  return db
    .selectFrom('customer_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** The address if it is the user's; another customer's id finds nothing. */
export function findAddress(db: Db, userId: string, id: string): Promise<AddressRow | undefined> {
  return db
    .selectFrom('customer_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Adds an address (one transaction): the first one, or one flagged default, becomes the only
 * default. Returns undefined when the customer already has `max` addresses.
 */
export async function insertAddress(
  db: Db,
  userId: string,
  fields: AddressFields,
  makeDefault: boolean,
  max: number,
): Promise<AddressRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const { n } = await trx
      .selectFrom('customer_addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= max) return undefined;
    const isDefault = makeDefault || Number(n) === 0;
    if (isDefault)
      await trx
        .updateTable('customer_addresses')
        .set({ is_default: 0 })
        .where('user_id', '=', userId)
        .execute();
    const now = new Date().toISOString();
    const row: AddressRow = {
      ...fields,
      company_name: fields.company_name ?? null,
      vat_number: fields.vat_number ?? null,
      address_line2: fields.address_line2 ?? null,
      id: randomUUID(),
      user_id: userId,
      is_default: isDefault ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('customer_addresses').values(row).execute();
    return row;
  });
}

/** Replaces the user's address `id`; undefined when it is not theirs. */
export async function updateAddress(
  db: Db,
  userId: string,
  id: string,
  fields: AddressFields,
  makeDefault: boolean | undefined,
): Promise<AddressRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('customer_addresses')
      .select('is_default')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!existing) return undefined;
    if (makeDefault)
      await trx
        .updateTable('customer_addresses')
        .set({ is_default: 0 })
        .where('user_id', '=', userId)
        .execute();
    await trx
      .updateTable('customer_addresses')
      .set({
        ...fields,
        company_name: fields.company_name ?? null,
        vat_number: fields.vat_number ?? null,
        address_line2: fields.address_line2 ?? null,
        is_default: makeDefault ? 1 : existing.is_default,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
    return trx
      .selectFrom('customer_addresses')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  });
}

/** Deletes the user's address `id`; the oldest remaining one becomes default if it was. */
export async function deleteAddress(db: Db, userId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('customer_addresses')
      .select('is_default')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!existing) return false;
    await trx.deleteFrom('customer_addresses').where('id', '=', id).execute();
    if (existing.is_default) {
      const next = await trx
        .selectFrom('customer_addresses')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .limit(1)
        .executeTakeFirst();
      if (next)
        await trx
          .updateTable('customer_addresses')
          .set({ is_default: 1 })
          .where('id', '=', next.id)
          .execute();
    }
    return true;
  });
}

export type PaymentMethodRow = Selectable<PaymentMethodsTable>;

export function findPaymentMethod(db: Db, userId: string): Promise<PaymentMethodRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The customer's one payment method, replaced as a whole. */
export async function savePaymentMethod(db: Db, row: PaymentMethodRow): Promise<void> {
  await db
    .insertInto('payment_methods')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...row }))
    .execute();
}

export async function deletePaymentMethod(db: Db, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('payment_methods')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
