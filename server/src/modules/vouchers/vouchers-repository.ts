import type { Db } from '../../db/database.ts';

export async function findVoucherOffer(db: Db, code: string) {
  return db.selectFrom('voucher_offers').selectAll().where('code', '=', code).executeTakeFirst();
}
