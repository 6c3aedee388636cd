import { pushAuthenticateSchema } from '@photo/core/api/schemas/push';
import type { WebSocket } from 'ws';
import type { Revocation, VerifiedToken } from '../auth/access-token-verifier.ts';

/**
 * Verifies an access token exactly like `app.authenticate` (the shared AccessTokenVerifier's
 * `inspect`): whose it is, its grant and its expiry.
 */
export type TokenCheck = (token: string) => Promise<VerifiedToken | undefined>;

export interface PushHubOptions {
  verify: TokenCheck;
  /** A socket that has not authenticated by then is closed (default 5 s). */
  authTimeoutMs?: number;
  /** Authenticated sockets one user may hold; a further one closes the user's oldest (default 10). */
  maxSocketsPerUser?: number;
}

/** Close codes (RFC 6455 §7.4.1). */
export const CLOSE_POLICY_VIOLATION = 1008;
export const CLOSE_INTERNAL_ERROR = 1011;
export const CLOSE_GOING_AWAY = 1001;

/** Close reasons a client can tell apart (a revoked session must not reconnect by itself). */
export const CLOSE_REASONS = {
  unauthorized: 'Unauthorized',
  authTimeout: 'Authentication timeout',
  revoked: 'Session revoked',
  expired: 'Token expired',
  replaced: 'Too many connections',
  shutdown: 'Server shutting down',
} as const;

// setTimeout's largest delay; a later expiry is checked again then.
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Session {
  userId: string;
  token: string;
  grantId: string | undefined;
  expiry: NodeJS.Timeout;
}

const authenticateMessage = (data: unknown): string | undefined => {
  const parsed = pushAuthenticateSchema.safeParse(data);
  return parsed.success ? parsed.data.token : undefined;
};

/**
 * The push websocket's registry (docs/product.md#states activation, docs/product.md#apis push): a client sends
 * `{"action":"authenticate","token":"<access token>"}`, gets the text `OK`, and from then on
 * receives the messages other modules publish for its user, and nobody else's.
 *
 * A socket lives no longer than what it authenticated with: it is closed (1008) when its
 * token expires (`Token expired`; the client may reconnect with a fresh token, or send a new
 * authenticate on the same socket before then), and when its session ends (`Session revoked`:
 * sign-out revoking the grant, the token revoked, the account deleted or signed out
 * everywhere; see {@link revoke}). One user holds at most `maxSocketsPerUser` authenticated
 * sockets: the next one closes that user's oldest (`Too many connections`), so a client that
 * reconnects is never locked out by its own stale sockets.
 *
 * Other modules only call {@link PushHub.publish}. Messages that are not JSON or not an
 * authenticate action are ignored; a wrong token closes the socket with 1008 (policy violation).
 */
export class PushHub {
  /** Each user's authenticated sockets, oldest first (a Set keeps insertion order). */
  private readonly socketsByUser = new Map<string, Set<WebSocket>>();
  private readonly sessions = new Map<WebSocket, Session>();
  private readonly pending = new Set<WebSocket>();
  private readonly verify: TokenCheck;
  private readonly authTimeoutMs: number;
  private readonly maxSocketsPerUser: number;

  constructor({ verify, authTimeoutMs = 5000, maxSocketsPerUser = 10 }: PushHubOptions) {
    this.verify = verify;
    this.authTimeoutMs = authTimeoutMs;
    this.maxSocketsPerUser = Math.max(1, maxSocketsPerUser);
  }

  /** Takes over a freshly opened socket. */
  accept(socket: WebSocket): void {
    this.pending.add(socket);
    const timer = setTimeout(() => {
      if (!this.sessions.has(socket))
        socket.close(CLOSE_POLICY_VIOLATION, CLOSE_REASONS.authTimeout);
    }, this.authTimeoutMs);
    timer.unref();

    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        return; // malformed: ignored
      }
      const token = authenticateMessage(parsed);
      if (token) void this.authenticate(socket, token);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      this.forget(socket);
    });
    socket.on('error', () => socket.terminate());
  }

  /**
   * Sends `message` (JSON-encoded unless it is a string) to every authenticated socket of
   * `userId`. Returns how many sockets it reached.
   */
  publish(userId: string, message: unknown): number {
    const sockets = this.socketsByUser.get(userId);
    if (!sockets) return 0;
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    let sent = 0;
    for (const socket of sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      socket.send(text);
      sent += 1;
    }
    return sent;
  }

  /** Open, authenticated sockets of a user. */
  connectionCount(userId: string): number {
    return this.socketsByUser.get(userId)?.size ?? 0;
  }

  /**
   * Closes the sockets whose session ended before its token expired: those authenticated
   * with a revoked grant or token, or every socket of a user (account deleted, signed out
   * everywhere). Wired to the token verifier's revocations in `app.ts`.
   */
  revoke(revocation: Revocation): number {
    let closed = 0;
    for (const [socket, session] of [...this.sessions]) {
      const matches =
        'grantId' in revocation
          ? session.grantId === revocation.grantId
          : 'userId' in revocation
            ? session.userId === revocation.userId
            : session.token === revocation.token;
      if (!matches) continue;
      this.forget(socket);
      socket.close(CLOSE_POLICY_VIOLATION, CLOSE_REASONS.revoked);
      closed += 1;
    }
    return closed;
  }

  /** Closes every socket (server shutdown). */
  closeAll(): void {
    for (const socket of [...this.pending, ...this.sessions.keys()])
      socket.close(CLOSE_GOING_AWAY, CLOSE_REASONS.shutdown);
  }

  private async authenticate(socket: WebSocket, token: string): Promise<void> {
    let verified: VerifiedToken | undefined;
    try {
      verified = await this.verify(token);
    } catch {
      socket.close(CLOSE_INTERNAL_ERROR, 'Authentication failed');
      return;
    }
    if (socket.readyState !== socket.OPEN) return;
    if (!verified || verified.expiresAt <= Date.now()) {
      socket.close(CLOSE_POLICY_VIOLATION, CLOSE_REASONS.unauthorized);
      return;
    }
    const userId = verified.user.id;
    // A re-authentication (fresh token) may move the socket to the token's user.
    this.forget(socket);
    let sockets = this.socketsByUser.get(userId);
    if (!sockets) this.socketsByUser.set(userId, (sockets = new Set()));
    while (sockets.size >= this.maxSocketsPerUser) {
      const oldest = sockets.values().next().value;
      if (!oldest) break;
      this.forget(oldest);
      oldest.close(CLOSE_POLICY_VIOLATION, CLOSE_REASONS.replaced);
    }
    // `forget` may have dropped the set along with the user's last socket.
    if (!this.socketsByUser.has(userId)) this.socketsByUser.set(userId, sockets);
    sockets.add(socket);
    this.sessions.set(socket, {
      userId,
      token,
      grantId: verified.grantId,
      expiry: this.expiryTimer(socket, verified.expiresAt),
    });
    socket.send('OK');
  }

  private expiryTimer(socket: WebSocket, expiresAt: number): NodeJS.Timeout {
    const delay = Math.max(0, expiresAt - Date.now());
    const timer = setTimeout(
      () => {
        const session = this.sessions.get(socket);
        if (!session || session.expiry !== timer) return;
        if (expiresAt > Date.now()) {
          session.expiry = this.expiryTimer(socket, expiresAt);
          return;
        }
        this.forget(socket);
        socket.close(CLOSE_POLICY_VIOLATION, CLOSE_REASONS.expired);
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    timer.unref();
    return timer;
  }

  private forget(socket: WebSocket): void {
    this.pending.delete(socket);
    const session = this.sessions.get(socket);
    if (!session) return;
    clearTimeout(session.expiry);
    this.sessions.delete(socket);
    const sockets = this.socketsByUser.get(session.userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.socketsByUser.delete(session.userId);
  }
}
