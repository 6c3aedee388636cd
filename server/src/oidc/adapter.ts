import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database.ts';

/**
 * oidc-provider storage over the `oidc_payloads` table: one row per model instance (Session,
 * AccessToken, AuthorizationCode, RefreshToken, Grant, Interaction …), keyed by (type, id).
 * Rows past their expiry are treated as absent and swept by {@link sweepExpiredOidcPayloads}.
 */
export class DatabaseOidcAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly type: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      id,
      type: this.type,
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: expiresIn ? Date.now() + expiresIn * 1000 : null,
      consumed_at: null,
    };
    await this.db
      .insertInto('oidc_payloads')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['type', 'id']).doUpdateSet({
          payload: row.payload,
          grant_id: row.grant_id,
          user_code: row.user_code,
          uid: row.uid,
          expires_at: row.expires_at,
        }),
      )
      .execute();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findBy('id', id);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy('user_code', userCode);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy('uid', uid);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidc_payloads')
      .set({ consumed_at: Math.floor(Date.now() / 1000) })
      .where('type', '=', this.type)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .deleteFrom('oidc_payloads')
      .where('type', '=', this.type)
      .where('id', '=', id)
      .execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .deleteFrom('oidc_payloads')
      .where('type', '=', this.type)
      .where('grant_id', '=', grantId)
      .execute();
  }

  private async findBy(
    column: 'id' | 'user_code' | 'uid',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidc_payloads')
      .select(['payload', 'expires_at', 'consumed_at'])
      .where('type', '=', this.type)
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row || (row.expires_at !== null && row.expires_at <= Date.now())) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    // oidc-provider detects reuse of a consumed code or refresh token by this field.
    return row.consumed_at === null ? payload : { ...payload, consumed: row.consumed_at };
  }
}

/** Deletes every expired row; returns how many. */
export async function sweepExpiredOidcPayloads(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('oidc_payloads')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
