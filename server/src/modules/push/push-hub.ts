import { pushAuthenticateSchema } from '@photo/core/api/schemas/push';
import type { WebSocket } from 'ws';
import type { AuthUser } from '../../auth/users.ts';

/** Verifies an access token exactly like `app.authenticate` (the shared AccessTokenVerifier). */
export type TokenCheck = (token: string) => Promise<AuthUser | undefined>;

export interface PushHubOptions {
  verify: TokenCheck;
  /** A socket that has not authenticated by then is closed (default 5 s). */
  authTimeoutMs?: number;
}

/** Close codes (RFC 6455 §7.4.1). */
export const CLOSE_POLICY_VIOLATION = 1008;
export const CLOSE_INTERNAL_ERROR = 1011;
export const CLOSE_GOING_AWAY = 1001;

const authenticateMessage = (data: unknown): string | undefined => {
  const parsed = pushAuthenticateSchema.safeParse(data);
  return parsed.success ? parsed.data.token : undefined;
};

/**
 * The push websocket's registry (docs/product.md#states activation, docs/product.md#apis push): a client sends
 * `{"action":"authenticate","token":"<access token>"}`, gets the text `OK`, and from then on
 * receives the messages other modules publish for its user, and nobody else's.
 *
 * Other modules only call {@link PushHub.publish}. Messages that are not JSON or not an
 * authenticate action are ignored; a wrong token closes the socket with 1008 (policy violation).
 */
export class PushHub {
  private readonly socketsByUser = new Map<string, Set<WebSocket>>();
  private readonly userBySocket = new Map<WebSocket, string>();
  private readonly pending = new Set<WebSocket>();
  private readonly verify: TokenCheck;
  private readonly authTimeoutMs: number;

  constructor({ verify, authTimeoutMs = 5000 }: PushHubOptions) {
    this.verify = verify;
    this.authTimeoutMs = authTimeoutMs;
  }

  /** Takes over a freshly opened socket. */
  accept(socket: WebSocket): void {
    this.pending.add(socket);
    const timer = setTimeout(() => {
      if (!this.userBySocket.has(socket))
        socket.close(CLOSE_POLICY_VIOLATION, 'Authentication timeout');
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

  /** Closes every socket (server shutdown). */
  closeAll(): void {
    for (const socket of [...this.pending, ...this.userBySocket.keys()])
      socket.close(CLOSE_GOING_AWAY, 'Server shutting down');
  }

  private async authenticate(socket: WebSocket, token: string): Promise<void> {
    let user: AuthUser | undefined;
    try {
      user = await this.verify(token);
    } catch {
      socket.close(CLOSE_INTERNAL_ERROR, 'Authentication failed');
      return;
    }
    if (socket.readyState !== socket.OPEN) return;
    if (!user) {
      socket.close(CLOSE_POLICY_VIOLATION, 'Unauthorized');
      return;
    }
    // A re-authentication (fresh token) may move the socket to the token's user.
    this.forget(socket);
    this.userBySocket.set(socket, user.id);
    let sockets = this.socketsByUser.get(user.id);
    if (!sockets) this.socketsByUser.set(user.id, (sockets = new Set()));
    sockets.add(socket);
    socket.send('OK');
  }

  private forget(socket: WebSocket): void {
    this.pending.delete(socket);
    const userId = this.userBySocket.get(socket);
    if (userId === undefined) return;
    this.userBySocket.delete(socket);
    const sockets = this.socketsByUser.get(userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.socketsByUser.delete(userId);
  }
}
