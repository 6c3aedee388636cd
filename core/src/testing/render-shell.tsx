import { render } from '@testing-library/react';
import type { IdTokenClaims } from '../platform/platform';
import { App, startApp } from '../app/app';
import { resetClientConfigCache } from '../app/client-config';
import { clientConfigFixture } from './client-config-fixture';
import { fakePlatform, memoryStorage } from './fake-platform';
import { json, mockFetch } from './mock-fetch';

export interface RenderShellOptions {
  claims?: IdTokenClaims | null;
  /** Host name the app believes it runs on (brand resolution). */
  hostname?: string;
  path?: string;
  storage?: Record<string, string>;
  storageAvailable?: boolean;
  /** Replaces the `/config.json` answer. */
  configResponse?: Response;
  /** Extra fetch routes by path. */
  routes?: Record<string, unknown>;
  /** Adjusts the fake platform before the App mounts (e.g. a failing handleRedirect). */
  setupPlatform?: (platform: ReturnType<typeof fakePlatform>) => void;
  /** Starts the app before rendering, as the web entry does (`startApp`); `onStarted` runs then. */
  startEarly?: { onStarted: () => void };
}

/** Mounts the whole App with a fake platform, a mocked fetch and a chosen host and path. */
export async function renderShell({
  claims = null,
  hostname = 'localhost',
  path = '/',
  storage = {},
  storageAvailable = true,
  configResponse,
  routes = {},
  setupPlatform,
  startEarly,
}: RenderShellOptions = {}) {
  resetClientConfigCache();
  const url = new URL(path, `http://${hostname}:3000`);
  // jsdom cannot change the host with pushState; give the app a location with the brand host.
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    hostname,
    host: `${hostname}:3000`,
    origin: `http://${hostname}:3000`,
    href: url.href,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    replace: vi.fn(),
    assign: vi.fn(),
    reload: vi.fn(),
  } as Location);
  window.history.replaceState(null, '', url.pathname + url.search + url.hash);
  const fetchMock = mockFetch({
    '/config.json': () => configResponse?.clone() ?? json(clientConfigFixture()),
    '/api/storefront/config': () =>
      json({ statusCode: 503, error: 'Service Unavailable', message: 'down' }, 503),
    // A customer record like the server's (no business status): without one (404) the shell
    // signs the user out (docs/product.md#states).
    '/api/customer/customers/me': () =>
      json({
        id: claims?.sub ?? 'customer-1',
        email: claims?.email ?? 'demo@example.com',
        accountDeleted: false,
        status: null,
        callbackUrl: null,
        callbackFormat: null,
        changed: false,
      }),
    ...routes,
  });
  const platform = fakePlatform({ claims, storage: memoryStorage(storage, storageAvailable) });
  setupPlatform?.(platform);
  const started = startEarly ? startApp(platform) : undefined;
  startEarly?.onStarted();
  const result = render(<App platform={platform} started={started} />);
  return { ...result, platform, fetchMock, location: window.location };
}
