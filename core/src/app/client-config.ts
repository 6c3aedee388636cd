import { prefetchedOr } from '../api/prefetched';
import { clientConfigSchema } from '../api/schemas/config';
import type { ClientConfig } from '../api/schemas/config';

/** Why `/config.json` could not be used: the app shows the config error page (docs/product.md#states Auth). */
export class ClientConfigError extends Error {
  override readonly name = 'ClientConfigError';
  constructor(
    readonly reason: 'missing' | 'malformed',
    message: string,
  ) {
    super(message);
  }
}

export const CONFIG_URL = '/config.json';

/**
 * Fetches and validates `/config.json` (or takes the copy the web boot script already has:
 * `early`); throws a ClientConfigError naming what is wrong.
 */
export async function fetchClientConfig(
  url = CONFIG_URL,
  early?: Promise<Response>,
): Promise<ClientConfig> {
  let response: Response;
  try {
    response = await prefetchedOr(early, () =>
      fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } }),
    );
  } catch (error) {
    throw new ClientConfigError('missing', `${url} could not be fetched: ${String(error)}`);
  }
  if (!response.ok) throw new ClientConfigError('missing', `${url} answered ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ClientConfigError('malformed', `${url} is not JSON`);
  }
  const result = clientConfigSchema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ClientConfigError(
      'malformed',
      `${url} is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
    );
  }
  return result.data;
}

let pending: Promise<ClientConfig> | null = null;

/**
 * The config, fetched once per page load and shared by the App and the web platform (which
 * needs the OIDC settings). A failure is not cached, so "Try again" really retries. The App
 * passes the boot script's early copy (`platform.prefetched`), if any.
 */
export function loadClientConfig(early?: Promise<Response>): Promise<ClientConfig> {
  if (!pending) {
    pending = fetchClientConfig(CONFIG_URL, early).catch((error: unknown) => {
      pending = null;
      throw error;
    });
  }
  return pending;
}

/** Tests only: forget the cached config. */
export function resetClientConfigCache(): void {
  pending = null;
}
