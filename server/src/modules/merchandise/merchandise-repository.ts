import type { Db } from '../../db/database.ts';

export async function listChannels(db: Db, vendorId: string, locale: string) {
  return db
    .selectFrom('merchandise_channels')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('locale', '=', locale)
    .orderBy('id')
    .execute();
}

export async function findChannel(db: Db, id: string) {
  return db.selectFrom('merchandise_channels').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function articlesOfChannel(db: Db, channelId: string) {
  return db
    .selectFrom('merchandise_articles')
    .selectAll()
    .where('channel_id', '=', channelId)
    .orderBy('position')
    .execute();
}
