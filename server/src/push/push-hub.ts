import { pushAuthenticateSchema } from '@photo/core/api/schemas/push';
import type { WebSocket } from 'ws';
import type { Revocation, VerifiedToken } from '../auth/access-token-verifier.ts';
import { InProcessBus } from './instance-bus.ts';
import type { BusMessage, InstanceBus } from './instance-bus.ts';

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
  /** How messages and revocations reach the other instances (default: none, one process). */
  bus?: InstanceBus;
  /**
   * The token checks this instance remembers: a session revoked on another instance must not
   * stay accepted here (`forget`), and after the bus lost its connection anything may have been
   * revoked meanwhile (`forgetAll`).
   */
  tokenCache?: { forget(revocation: Revocation): void; forgetAll(): void };
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
 *
 * Across instances (docs/architecture.md, "Push"): {@link publish} and {@link revoke} act on
 * this instance's sockets at once and send the same over the bus, where every other instance
 * does the same with its own; a socket lives on one instance only, so it gets a message once.
 */
export class PushHub {
  /** Each user's authenticated sockets, oldest first (a Set keeps insertion order). */
  private readonly socketsByUser = new Map<string, Set<WebSocket>>();
  private readonly sessions = new Map<WebSocket, Session>();
  private readonly pending = new Set<WebSocket>();
  private readonly verify: TokenCheck;
  private readonly authTimeoutMs: number;
  private readonly maxSocketsPerUser: number;
  private readonly bus: InstanceBus;
  private readonly tokenCache: PushHubOptions['tokenCache'];
  private readonly unsubscribe: Array<() => void>;

  constructor({
    verify,
    authTimeoutMs = 5000,
    maxSocketsPerUser = 10,
    bus = new InProcessBus({ warn: () => {}, error: () => {} }),
    tokenCache,
  }: PushHubOptions) {
    this.verify = verify;
    this.authTimeoutMs = authTimeoutMs;
    this.maxSocketsPerUser = Math.max(1, maxSocketsPerUser);
    this.bus = bus;
    this.tokenCache = tokenCache;
    this.unsubscribe = [
      bus.subscribe((message) => this.fromOtherInstance(message)),
      bus.onReconnect(() => void this.checkSessionsAgain()),
    ];
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
   * `userId`, on every instance. Returns how many sockets it reached on this one. A message
   * too big to cross instances throws (`BusMessageTooLargeError`) on every kind of bus.
   */
  publish(userId: string, message: unknown): number {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    this.bus.send({ kind: 'publish', userId, text });
    return this.deliver(userId, text);
  }

  private deliver(userId: string, text: string): number {
    const sockets = this.socketsByUser.get(userId);
    if (!sockets) return 0;
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
   * everywhere), here and on every other instance. Wired to the token verifier's revocations
   * in `app.ts`. Returns how many sockets it closed on this instance.
   */
  revoke(revocation: Revocation): number {
    this.bus.send({ kind: 'revoke', revocation });
    return this.closeRevoked(revocation);
  }

  private closeRevoked(revocation: Revocation): number {
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

  private fromOtherInstance(message: BusMessage): void {
    if (message.kind === 'publish') this.deliver(message.userId, message.text);
    else if (message.kind === 'revoke') {
      this.tokenCache?.forget(message.revocation);
      this.closeRevoked(message.revocation);
    }
  }

  /**
   * After the bus lost its connection, revocations may have passed unseen: every socket's
   * token is checked again, without the cache, and those no longer valid are closed.
   */
  private async checkSessionsAgain(): Promise<void> {
    this.tokenCache?.forgetAll();
    await Promise.all(
      [...this.sessions].map(async ([socket, session]) => {
        let verified: VerifiedToken | undefined;
        try {
          verified = await this.verify(session.token);
        } catch {
          return; // the database is away too: keep the socket, its expiry still applies
        }
        if (verified || this.sessions.get(socket) !== session) return;
        this.forget(socket);
        socket.close(CLOSE_POLICY_VIOLATION, CLOSE_REASONS.revoked);
      }),
    );
  }

  /** Closes every socket (server shutdown). */
  closeAll(): void {
    for (const stop of this.unsubscribe) stop();
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
