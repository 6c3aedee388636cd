import type { Insertable } from 'kysely';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/database.ts';
import type { CustomerAddressesTable } from '../db/tables/account.ts';
import type { BusinessStatus } from '../db/tables/users.ts';
import { DEMO_PASSWORD, demoUserId, stableUuid } from './users.ts';

/**
 * Business demo users for the other two banner states (docs/product.md#screens business
 * banner): sign in as one of them to see 'Pending account validation' or 'Blocked account…'.
 * `business@example.com` (seeded with the other demo users) has the status `Default`.
 */
export const businessStatusUsers: Array<{ email: string; status: BusinessStatus }> = [
  { email: 'business-new@example.com', status: 'New' },
  { email: 'business-blocked@example.com', status: 'Blocked' },
];

type SeedAddress = Omit<
  Insertable<CustomerAddressesTable>,
  'id' | 'user_id' | 'created_at' | 'updated_at'
>;

const demoAddresses: SeedAddress[] = [
  {
    type: 'normal',
    first_name: 'Alex',
    last_name: 'Morgan',
    street_name: 'Baker Street',
    street_number: '221B',
    postal_code: 'NW1 6XE',
    city: 'London',
    country: 'GB',
    phone_number: '020 7946 0018',
    is_default: 1,
  },
  {
    type: 'normal',
    first_name: 'Alex',
    last_name: 'Morgan',
    street_name: 'Prinsengracht',
    street_number: '263',
    address_line2: 'Tweede verdieping',
    postal_code: '1016 GV',
    city: 'Amsterdam',
    country: 'NL',
    phone_number: '020 555 0123',
    is_default: 0,
  },
];

const businessAddresses: SeedAddress[] = [
  {
    type: 'business',
    first_name: 'Sam',
    last_name: 'Jansen',
    company_name: 'Fotostudio Jansen B.V.',
    vat_number: 'NL123456789B01',
    street_name: 'Keizersgracht',
    street_number: '12-A',
    postal_code: '1015 CR',
    city: 'Amsterdam',
    country: 'NL',
    phone_number: '020 555 0199',
    is_default: 1,
  },
];

/**
 * Customer data of the demo users: personal details and addresses for demo@example.com and
 * business@example.com, and the two extra business users. Idempotent: users and addresses
 * that exist are left alone.
 */
export async function seedCustomers(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    for (const { email, status } of businessStatusUsers) {
      await trx
        .insertInto('users')
        .values({
          id: stableUuid(`user:${email}`),
          email,
          password_hash: passwordHash,
          idp_type: 'local',
          idp_sub: stableUuid(`idp:${email}`),
          authentication_method: 'b2b',
          activation_status: 'ACTIVE',
          business_status: status,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }

    const seeds: Array<{
      userId: string;
      details: [string, string, string];
      addresses: SeedAddress[];
    }> = [
      {
        userId: demoUserId('demo'),
        details: ['Alex', 'Morgan', '020 7946 0018'],
        addresses: demoAddresses,
      },
      {
        userId: demoUserId('business'),
        details: ['Sam', 'Jansen', '020 555 0199'],
        addresses: businessAddresses,
      },
    ];
    for (const { userId, details, addresses } of seeds) {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'first_name'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) continue;
      if (user.first_name === null)
        await trx
          .updateTable('users')
          .set({ first_name: details[0], last_name: details[1], phone_number: details[2] })
          .where('id', '=', userId)
          .execute();
      const existing = await trx
        .selectFrom('customer_addresses')
        .select('id')
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst();
      if (existing) continue;
      const base = Date.UTC(2025, 0, 15);
      await trx
        .insertInto('customer_addresses')
        .values(
          addresses.map((address, index) => {
            const at = new Date(base + index * 86_400_000).toISOString();
            return {
              ...address,
              id: stableUuid(`address:${userId}:${index}`),
              user_id: userId,
              created_at: at,
              updated_at: at,
            };
          }),
        )
        .execute();
    }
  });
}
