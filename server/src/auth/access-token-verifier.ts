import type Provider from 'oidc-provider';
import type { Db } from '../db/database.ts';
import { FIRST_PARTY_CLIENTS } from './first-party-clients.ts';
import { findUserById, toAuthUser } from './users.ts';
import type { AuthUser } from './users.ts';

interface CacheEntry {
  user: AuthUser;
  grantId: string | undefined;
  /** Epoch ms: never past the token's own expiry. */
  validUntil: number;
  /** Epoch ms: the token's own expiry. */
  expiresAt: number;
}

/** A verified access token: whose it is, its grant and when it expires (epoch ms). */
export interface VerifiedToken {
  user: AuthUser;
  grantId: string | undefined;
  expiresAt: number;
}

/** What stopped being valid: a grant (sign-out), a user's every token, or one token. */
export type Revocation = { grantId: string } | { userId: string } | { token: string };

export interface AccessTokenVerifierOptions {
  provider: Provider;
  db: Db;
  /** How long a verified token is trusted without asking the database again. */
  cacheTtlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

// Our opaque tokens are 43 base64url characters; anything far off is rejected without a query.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,256}$/;

/**
 * Checks a Bearer access token issued by our provider (docs/conventions.md "Auth"): known,
 * not expired, issued to a first-party client, and its user still exists. Shared by the
 * `authenticate` preHandler and the push websocket so both decide identically.
 *
 * Valid tokens are remembered for at most `cacheTtlMs` (30 s) and never past their expiry, in a
 * bounded LRU: an API call then costs no database round-trip (the photo API's p99 target).
 * Revoking a grant (sign-out, refresh-token reuse) drops its tokens from the cache at once, on
 * this instance through the provider's events and on the others through the push hub's bus
 * ({@link forget}); that a bus message can come late or, while it reconnects, not at all is
 * what keeps the cache's lifetime short.
 */
export class AccessTokenVerifier {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly provider: Provider;
  private readonly db: Db;
  private readonly cacheTtlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly revocationListeners = new Set<(revocation: Revocation) => void>();
  private readonly onGrantRevoked = (_ctx: unknown, grantId: string) =>
    this.invalidateGrant(grantId);
  private readonly onTokenDestroyed = (token: { jti?: string }) => {
    if (!token.jti) return;
    this.cache.delete(token.jti);
    this.emitRevocation({ token: token.jti });
  };

  constructor({
    provider,
    db,
    cacheTtlMs = 30_000,
    maxEntries = 10_000,
    now = Date.now,
  }: AccessTokenVerifierOptions) {
    this.provider = provider;
    this.db = db;
    this.cacheTtlMs = cacheTtlMs;
    this.maxEntries = maxEntries;
    this.now = now;
    provider.on('grant.revoked', this.onGrantRevoked);
    provider.on('access_token.destroyed', this.onTokenDestroyed);
  }

  async verify(token: string): Promise<AuthUser | undefined> {
    return (await this.inspect(token))?.user;
  }

  /** Like {@link verify}, with the token's grant and expiry (the push hub closes on either). */
  async inspect(token: string): Promise<VerifiedToken | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    const now = this.now();
    const cached = this.cache.get(token);
    if (cached) {
      this.cache.delete(token);
      if (cached.validUntil > now) {
        this.cache.set(token, cached); // most recently used goes last
        return { user: cached.user, grantId: cached.grantId, expiresAt: cached.expiresAt };
      }
    }

    const accessToken = await this.provider.AccessToken.find(token);
    if (!accessToken || !accessToken.accountId || !accessToken.exp) return undefined;
    const expiresAt = accessToken.exp * 1000;
    if (expiresAt <= this.now() || !FIRST_PARTY_CLIENTS.has(accessToken.clientId ?? ''))
      return undefined;
    const row = await findUserById(this.db, accessToken.accountId);
    if (!row) return undefined;

    const user = toAuthUser(row);
    this.cache.set(token, {
      user,
      grantId: accessToken.grantId,
      validUntil: Math.min(this.now() + this.cacheTtlMs, expiresAt),
      expiresAt,
    });
    while (this.cache.size > this.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    return { user, grantId: accessToken.grantId, expiresAt };
  }

  /**
   * Drops what a revocation on another instance made invalid, without announcing it again
   * (the instance that revoked has told everyone).
   */
  forget(revocation: Revocation): void {
    if ('token' in revocation) this.cache.delete(revocation.token);
    else
      for (const [token, entry] of this.cache)
        if (
          'grantId' in revocation
            ? entry.grantId === revocation.grantId
            : entry.user.id === revocation.userId
        )
          this.cache.delete(token);
  }

  /** Drops every remembered check (revocations may have been missed). */
  forgetAll(): void {
    this.cache.clear();
  }

  /** Forget every cached token of a user, e.g. after the account was deleted. */
  invalidateUser(userId: string): void {
    this.forget({ userId });
    this.emitRevocation({ userId });
  }

  invalidateGrant(grantId: string): void {
    this.forget({ grantId });
    this.emitRevocation({ grantId });
  }

  /**
   * Calls `listener` whenever tokens stop being valid before their expiry (a revoked grant or
   * token, an invalidated user), so holders of long-lived connections can close them.
   * Returns the unsubscribe function.
   */
  onRevocation(listener: (revocation: Revocation) => void): () => void {
    this.revocationListeners.add(listener);
    return () => this.revocationListeners.delete(listener);
  }

  private emitRevocation(revocation: Revocation): void {
    for (const listener of this.revocationListeners) listener(revocation);
  }

  get size(): number {
    return this.cache.size;
  }

  dispose(): void {
    this.provider.off('grant.revoked', this.onGrantRevoked);
    this.provider.off('access_token.destroyed', this.onTokenDestroyed);
    this.revocationListeners.clear();
    this.cache.clear();
  }
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([^\s]+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
