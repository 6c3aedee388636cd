import { pushMessageSchema } from '../../api/schemas/push';
import type { PushMessage } from '../../api/schemas/push';

/** docs/product.md#limits: a push connection lives at most 30 minutes. */
export const PUSH_CONNECTION_LIFETIME_MS = 1_800_000;
/** How long to wait for the server's `OK` after authenticating. */
export const PUSH_READY_TIMEOUT_MS = 10_000;

/**
 * `PhotoManagementPushWebSocketUrl` may be relative (`/push`) or absolute http(s) or ws(s); a
 * WebSocket needs ws(s), on the page's own scheme when relative. The desktop renderer (origin
 * `app://photo`) gets an absolute URL in its config.
 */
export function resolvePushUrl(configured: string, origin: string): string {
  const url = new URL(configured, origin);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  // A relative URL on a page that is not served over http(s) (the desktop app's app://) has
  // no server to reach: its config must name the push URL absolutely.
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:')
    throw new Error(`The push URL ${configured} does not resolve to ws(s) from ${origin}`);
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
  /** Called once when the socket is gone, whoever closed it. */
  onClose?: () => void;
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
  onClose,
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
    if (closed) return;
    closed = true;
    clearTimeout(lifetime);
    clearTimeout(readyTimer);
    rejectReady(new Error('Push connection closed'));
    onClose?.();
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

/**
 * Pauses before each reconnect while work waits for messages: 1 s, 2 s, 5 s, 10 s, then every
 * 30 s; back to the start after a connection the server accepted.
 */
export const PUSH_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];

export interface HealingPushConnectionOptions extends Omit<PushConnectionOptions, 'onClose'> {
  reconnectDelaysMs?: readonly number[];
}

/**
 * A push connection that heals: listeners stay subscribed across sockets. While anyone listens
 * (an archive being prepared, an import running: that is "work pending"), a socket that goes
 * away (the 30-minute lifetime, a dropped network, the server closing it when the token
 * expired) is replaced after a back-off pause, with a fresh token. With nobody listening it
 * stays closed, and the next use opens a new one.
 */
export class HealingPushConnection implements PushConnection {
  readonly #options: HealingPushConnectionOptions;
  readonly #listeners = new Set<(message: PushMessage) => void>();
  #current: PushConnection;
  #closed = false;
  #attempt = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: HealingPushConnectionOptions) {
    this.#options = options;
    this.#current = this.#connect();
  }

  /** The current socket's readiness (rejects when it closes before the server's `OK`). */
  get ready(): Promise<void> {
    return this.#current.ready;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** How many listeners wait for messages ("work pending"). */
  get listenerCount(): number {
    return this.#listeners.size;
  }

  /** True while waiting to reconnect. */
  get reconnecting(): boolean {
    return this.#timer !== null;
  }

  subscribe(listener: (message: PushMessage) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
      // Nobody waits any more: no reason to keep trying.
      if (this.#listeners.size === 0 && this.#timer) this.close();
    };
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#listeners.clear();
    this.#current.close();
  }

  #connect(): PushConnection {
    const { reconnectDelaysMs: _delays, ...options } = this.#options;
    const connection: PushConnection = openPushConnection({
      ...options,
      onClose: () => this.#lost(connection),
    });
    connection.subscribe((message) => {
      for (const listener of [...this.#listeners]) listener(message);
    });
    connection.ready.then(
      () => {
        if (connection === this.#current) this.#attempt = 0;
      },
      () => undefined,
    );
    return connection;
  }

  #lost(connection: PushConnection): void {
    // Called synchronously from the constructor's connect only if the socket fails at once.
    if (this.#closed || (this.#current && connection !== this.#current)) return;
    if (this.#listeners.size === 0) {
      this.#closed = true;
      return;
    }
    const delays = this.#options.reconnectDelaysMs ?? PUSH_RECONNECT_DELAYS_MS;
    const pause = delays[Math.min(this.#attempt, delays.length - 1)] ?? 30_000;
    this.#attempt += 1;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (!this.#closed) this.#current = this.#connect();
    }, pause);
  }
}

let shared: { key: string; connection: HealingPushConnection } | null = null;

/**
 * One connection per signed-in app for all features (archive and import messages come over the
 * same socket). It heals while someone listens; once closed it is replaced on the next call.
 */
export function sharedPushConnection(options: HealingPushConnectionOptions): PushConnection {
  if (shared && shared.key === options.url && !shared.connection.closed) return shared.connection;
  shared?.connection.close();
  shared = { key: options.url, connection: new HealingPushConnection(options) };
  return shared.connection;
}

/**
 * Closes the shared socket unless another feature still listens: what a feature calls when its
 * own work is over (an import finished).
 */
export function releaseSharedPushConnection(): void {
  if (shared && shared.connection.listenerCount === 0) closeSharedPushConnection();
}

/** Closes the shared connection (sign-out, tests). */
export function closeSharedPushConnection(): void {
  shared?.connection.close();
  shared = null;
}
