import { isUniqueViolation } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import { refreshAlbumStats } from '../photo-management/album-stats-repository.ts';

/** The identity of an account as the ID token names it (idp_type / idp_sub) and its address. */
export function findIdentity(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'idp_type', 'idp_sub'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Whether any account (other than `exceptUserId`) signs in with this address. */
export async function emailInUse(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase());
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Changes the sign-in address. Returns false when another account took it meanwhile (the
 * unique index decides, so two confirmations cannot end with one address on two accounts).
 */
export async function updateEmail(db: Db, userId: string, email: string): Promise<boolean> {
  try {
    const result = await db
      .updateTable('users')
      .set({ email: email.trim().toLowerCase() })
      .where('id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DeletedAccount {
  /**
   * Content hashes the account's photos (also those in Recently deleted) and legacy photos used:
   * delete the unreferenced ones.
   */
  hashes: string[];
  /** The account's download jobs: their archive files go too. */
  downloadIds: string[];
}

/**
 * Deletes an account in one transaction (docs/product.md#states account deletion): the user
 * row, and with it through ON DELETE CASCADE every user-owned row (photos, albums and their
 * shares, downloads, orders, projects, widgets, addresses, tokens …); its provider sessions,
 * grants and tokens; and it brings the counts and covers of other people's shared albums the
 * account had uploaded into up to date (docs/product.md#roles-and-flags: a participant's
 * uploads leave with them; an owner's shared album goes for everyone, their photos stay).
 */
export async function deleteAccountRows(db: Db, userId: string): Promise<DeletedAccount> {
  if (!UUID.test(userId)) throw new Error('unexpected user id format');
  return db.transaction().execute(async (trx) => {
    const photos = await trx
      .selectFrom('photos')
      .select('content_hash')
      .distinct()
      .where('user_id', '=', userId)
      .execute();
    const trashed = await trx
      .selectFrom('trashed_photos')
      .select('content_hash')
      .distinct()
      .where('user_id', '=', userId)
      .execute();
    const legacy = await trx
      .selectFrom('legacy_photos')
      .select('content_hash')
      .distinct()
      .where('user_id', '=', userId)
      .execute();
    const downloads = await trx
      .selectFrom('downloads')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    // Albums of others holding this account's photos: their stats change below.
    const foreignAlbums = await trx
      .selectFrom('album_photos')
      .innerJoin('photos', 'photos.id', 'album_photos.photo_id')
      .innerJoin('albums', 'albums.id', 'album_photos.album_id')
      .select('album_photos.album_id')
      .distinct()
      .where('photos.user_id', '=', userId)
      .where('albums.user_id', '!=', userId)
      .execute();

    // The provider's rows name the account in their JSON payload (sessions, grants, codes,
    // access and refresh tokens, interactions); the id is a UUID, so the pattern is exact.
    await trx
      .deleteFrom('oidc_payloads')
      .where('payload', 'like', `%"accountId":"${userId}"%`)
      .execute();
    // The library's change feed names the account's photos (ids, not a foreign key: a removed
    // photo's change outlives the photo), so it goes with the account.
    await trx.deleteFrom('photo_changes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    await refreshAlbumStats(
      trx,
      foreignAlbums.map((row) => row.album_id),
    );
    return {
      hashes: [...new Set([...photos, ...trashed, ...legacy].map((row) => row.content_hash))],
      downloadIds: downloads.map((row) => row.id),
    };
  });
}
