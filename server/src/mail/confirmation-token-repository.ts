import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { ConfirmationAction } from '../db/tables/account.ts';

/** 32 random bytes (256 bits) as base64url: 43 characters, safe in a path or a query. */
const TOKEN_BYTES = 32;
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IssuedToken {
  token: string;
  expiresAt: string;
}

/**
 * A new confirmation token for `action`, bound to the account that asked (`userId`, null for
 * anonymous subscriptions) and the address the mail goes to. Only its SHA-256 is stored, so a
 * copy of the database cannot confirm anything (the token has 256 bits: no salt needed).
 */
export async function issueToken(
  db: Db,
  {
    action,
    userId,
    email,
    ttlSeconds,
  }: { action: ConfirmationAction; userId: string | null; email: string; ttlSeconds: number },
): Promise<IssuedToken> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000).toISOString();
  await db
    .insertInto('confirmation_tokens')
    .values({
      id: randomUUID(),
      token_hash: hashToken(token),
      action,
      user_id: userId,
      email: email.toLowerCase(),
      created_at: now.toISOString(),
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return { token, expiresAt };
}

export type ConsumeFailure = 'unknown' | 'expired' | 'used';

export type ConsumeResult =
  { ok: true; email: string; userId: string | null } | { ok: false; reason: ConsumeFailure };

/**
 * Marks a token used if it exists for exactly this action and owner (`userId` for account
 * actions, `email` for subscriptions), has not expired and was never used. A token of another
 * account, address or action answers `unknown`, like a made-up one: it reveals nothing.
 * The update is conditional on `used_at IS NULL`, so two concurrent confirmations cannot both win.
 */
export async function consumeToken(
  db: Db,
  {
    token,
    action,
    userId,
    email,
  }: { token: string; action: ConfirmationAction; userId?: string; email?: string },
): Promise<ConsumeResult> {
  if (!TOKEN_PATTERN.test(token)) return { ok: false, reason: 'unknown' };
  const row = await db
    .selectFrom('confirmation_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.action !== action) return { ok: false, reason: 'unknown' };
  if (userId !== undefined && row.user_id !== userId) return { ok: false, reason: 'unknown' };
  if (email !== undefined && row.email !== email.toLowerCase())
    return { ok: false, reason: 'unknown' };
  if (row.used_at) return { ok: false, reason: 'used' };
  const now = new Date().toISOString();
  if (row.expires_at <= now) return { ok: false, reason: 'expired' };
  const result = await db
    .updateTable('confirmation_tokens')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { ok: false, reason: 'used' };
  return { ok: true, email: row.email, userId: row.user_id };
}

/** Tokens issued for one account (or address) and action since `since`: the request rate limit. */
export async function countRecentTokens(
  db: Db,
  {
    action,
    userId,
    email,
    since,
  }: { action: ConfirmationAction; userId?: string; email?: string; since: Date },
): Promise<number> {
  let query = db
    .selectFrom('confirmation_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', action)
    .where('created_at', '>', since.toISOString());
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  if (email !== undefined) query = query.where('email', '=', email.toLowerCase());
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Other pending tokens of the same account and action stop working once one is confirmed. */
export async function revokeOtherTokens(
  db: Db,
  { action, userId, email }: { action: ConfirmationAction; userId?: string; email?: string },
): Promise<void> {
  let query = db
    .updateTable('confirmation_tokens')
    .set({ used_at: new Date().toISOString() })
    .where('action', '=', action)
    .where('used_at', 'is', null);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  if (email !== undefined) query = query.where('email', '=', email.toLowerCase());
  await query.execute();
}
