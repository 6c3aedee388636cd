import { pushMessageSchema } from '../../api/schemas/push';
import type { PushMessage } from '../../api/schemas/push';

/** docs/product.md#limits: a push connection lives at most 30 minutes. */
export const PUSH_CONNECTION_LIFETIME_MS = 1_800_000;
/** How long to wait for the server's `OK` after authenticating. */
export const PUSH_READY_TIMEOUT_MS = 10_000;

/**
 * `PhotoManagementPushWebSocketUrl` may be relative (`/push`) or http(s); a WebSocket needs
 * ws(s), on the page's own scheme when relative.
 */
export function resolvePushUrl(configured: string, origin: string): string {
  const url = new URL(configured, origin);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.toString();
}

/** Parses one frame; anything that is not a known push message is ignored (docs/product.md#states, docs/product.md#messages). */
export function parsePushFrame(data: unknown): PushMessage | null {
  if (typeof data !== 'string' || data === 'OK') return null;
  try {
    const parsed = pushMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface PushConnection {
  /** Resolves after the server answered `OK` to the authenticate frame; rejects if it never does. */
  ready: Promise<void>;
  /** Adds a listener for parsed messages; returns the unsubscribe function. */
  subscribe(listener: (message: PushMessage) => void): () => void;
  close(): void;
  /** True once the socket closed (lifetime over, server gone, `close()`). */
  readonly closed: boolean;
}

export interface PushConnectionOptions {
  /** ws(s) URL (see `resolvePushUrl`). */
  url: string;
  getToken: () => Promise<string | null>;
  lifetimeMs?: number;
  readyTimeoutMs?: number;
  /** For tests; defaults to the global WebSocket. */
  WebSocketImpl?: typeof WebSocket;
}

/**
 * The push websocket client (docs/product.md#states, docs/product.md#apis): on open sends `{action: 'authenticate', token}`,
 * ignores the `OK` reply, hands every parsable message to the listeners and closes itself after
 * 30 minutes.
 */
export function openPushConnection({
  url,
  getToken,
  lifetimeMs = PUSH_CONNECTION_LIFETIME_MS,
  readyTimeoutMs = PUSH_READY_TIMEOUT_MS,
  WebSocketImpl = globalThis.WebSocket,
}: PushConnectionOptions): PushConnection {
  const listeners = new Set<(message: PushMessage) => void>();
  let closed = false;
  let resolveReady!: () => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  // Callers that never await `ready` must not produce unhandled rejections.
  ready.catch(() => undefined);

  const socket = new WebSocketImpl(url);
  const lifetime = setTimeout(() => connection.close(), lifetimeMs);
  const readyTimer = setTimeout(
    () => rejectReady(new Error('Push connection not ready')),
    readyTimeoutMs,
  );

  socket.addEventListener('open', () => {
    getToken().then(
      (token) => {
        if (!token) {
          rejectReady(new Error('No access token for the push connection'));
          connection.close();
          return;
        }
        if (socket.readyState === socket.OPEN)
          socket.send(JSON.stringify({ action: 'authenticate', token }));
      },
      (error: unknown) => {
        rejectReady(error instanceof Error ? error : new Error(String(error)));
        connection.close();
      },
    );
  });
  socket.addEventListener('message', (event: MessageEvent) => {
    if (event.data === 'OK') {
      clearTimeout(readyTimer);
      resolveReady();
      return;
    }
    const message = parsePushFrame(event.data);
    if (!message) return;
    for (const listener of [...listeners]) listener(message);
  });
  const onGone = () => {
    closed = true;
    clearTimeout(lifetime);
    clearTimeout(readyTimer);
    rejectReady(new Error('Push connection closed'));
  };
  socket.addEventListener('close', onGone);
  socket.addEventListener('error', onGone);

  const connection: PushConnection = {
    ready,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      if (closed) return;
      onGone();
      listeners.clear();
      socket.close();
    },
    get closed() {
      return closed;
    },
  };
  return connection;
}

let shared: { key: string; connection: PushConnection } | null = null;

/**
 * One connection per page for all features (archive and import messages come over the same
 * socket). A closed connection (30 minutes over, network gone) is replaced on the next call.
 */
export function sharedPushConnection(options: PushConnectionOptions): PushConnection {
  if (shared && shared.key === options.url && !shared.connection.closed) return shared.connection;
  shared = { key: options.url, connection: openPushConnection(options) };
  return shared.connection;
}
