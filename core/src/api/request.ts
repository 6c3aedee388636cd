/**
 * The one request helper of docs/product.md#apis "Request helper behaviour": JSON, no-cache, optional bearer
 * token and X-CorrelationId, a fixed error message format, network failures rethrown with the
 * method and the digit-stripped path, empty bodies parsed to null.
 */

import { prefetchedOr } from './prefetched';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON unless it is FormData or a Blob. */
  body?: unknown;
  token?: string | null;
  correlationId?: string;
  signal?: AbortSignal;
  /** The same GET already started by the boot script (`platform.prefetched`); used when it succeeds. */
  prefetched?: Promise<Response>;
}

/** A non-OK response. `message` is exactly `Error {body}; Status Code: {status} Received from {url}`. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    readonly url: string,
    readonly body: string,
    readonly correlationId: string | undefined,
  ) {
    super(`Error ${body}; Status Code: ${status} Received from ${url}`);
  }
}

/** A request that never got an answer (offline, DNS, aborted by the network). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    message: string,
    readonly correlationId: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function createCorrelationId(): string {
  return globalThis.crypto.randomUUID();
}

/** `/api/photo/albums/123/photos` → `/api/photo/albums//photos`: ids never reach the error reporter. */
export function pathWithoutDigits(url: string): string {
  const path = new URL(url, 'http://relative.invalid').pathname;
  return path.replace(/\d/g, '');
}

export async function request<T>(url: string, options: RequestOptions = {}): Promise<T | null> {
  const method = options.method ?? 'GET';
  const headers = new Headers({
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
  });
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  if (options.correlationId) headers.set('X-CorrelationId', options.correlationId);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await prefetchedOr(options.prefetched, () =>
      fetch(url, {
        method,
        headers,
        body,
        cache: 'no-store',
        signal: options.signal,
      }),
    );
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new NetworkError(
      `${reason} (${method} ${pathWithoutDigits(url)})`,
      options.correlationId,
      {
        cause: error,
      },
    );
  }

  const text = await response.text();
  if (!response.ok) {
    throw new HttpError(response.status, response.url || url, text, options.correlationId);
  }
  if (text.trim() === '') return null;
  return JSON.parse(text) as T;
}
