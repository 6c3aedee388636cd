import { screen, waitFor } from '@testing-library/react';
import { buildUrl } from '../api/base-api';
import { addErrorReporter } from '../store/error-reporter';
import { clientConfigFixture } from '../testing/client-config-fixture';
import { businessClaims, demoClaims } from '../testing/fake-platform';
import { json } from '../testing/mock-fetch';
import { renderShell } from '../testing/render-shell';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('App start-up', () => {
  it("takes the boot script's early storefront, customer and experiments answers once each, and asks again for a failed one", async () => {
    const config = clientConfigFixture();
    // The app's URLs on the brand host renderShell gives it.
    const onHost = (url: string) =>
      url.replace(window.location.origin, 'http://photobox-uk.localhost:3000');
    const storefrontUrl = onHost(
      buildUrl(config.StorefrontConfigUrl, '/config', { host: 'photobox-uk.localhost' }),
    );
    const customerUrl = onHost(buildUrl(config.CustomerApiUrl, '/customers/me'));
    const experimentsUrl = onHost(buildUrl(config.ExperimentsApiUrl ?? '', '/me'));
    const routes = clientConfigFixture().Brands[1]!.storefrontRoutes;
    const early = new Map<string, Response>([
      [
        storefrontUrl,
        json({
          menus: {
            top: [{ label: 'Early shop', url: 'https://www.photobox.co.uk/' }],
            main: [],
            footer: [],
          },
          routes,
        }),
      ],
      [
        customerUrl,
        json({
          id: demoClaims.sub,
          email: demoClaims.email,
          accountDeleted: false,
          status: null,
          callbackUrl: null,
          callbackFormat: null,
          changed: false,
        }),
      ],
      // A failed early answer (an expired token meanwhile) is never the app's: it asks again.
      [experimentsUrl, json({ statusCode: 401, error: 'Unauthorized', message: 'expired' }, 401)],
    ]);
    const take = vi.fn((url: string) => {
      const response = early.get(url);
      early.delete(url);
      return response ? Promise.resolve(response) : undefined;
    });
    const { fetchMock } = await renderShell({
      claims: demoClaims,
      hostname: 'photobox-uk.localhost',
      path: '/orders',
      routes: { '/api/experiments/me': () => json({ experiments: { 'sample-test': 'A' } }) },
      setupPlatform: (platform) => Object.assign(platform, { prefetched: { take } }),
    });
    // The storefront's menu came from the early answer (the mocked service answers 503).
    expect(await screen.findByRole('link', { name: 'Early shop' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.dataset.sampleTest).toBe('A'));
    const fetched = fetchMock.mock.calls.map(([input]) => String(input));
    expect(fetched).not.toContain(storefrontUrl);
    expect(fetched).not.toContain(customerUrl);
    expect(fetched.filter((url) => url === experimentsUrl)).toHaveLength(1);
    for (const url of [storefrontUrl, customerUrl, experimentsUrl])
      expect(
        take.mock.calls.filter(([taken]) => taken === url),
        url,
      ).toHaveLength(1);
  });

  it('started before the first render (the web entry), asks for the config at once and only once', async () => {
    const paths = () =>
      vi
        .mocked(globalThis.fetch)
        .mock.calls.map(([input]) => new URL(String(input), window.location.origin).pathname);
    let before: string[] = [];
    await renderShell({
      claims: demoClaims,
      path: '/orders',
      startEarly: { onStarted: () => (before = paths()) },
    });
    // Asked before React rendered anything: nothing waited for its first commit.
    expect(before).toEqual(['/config.json']);
    expect(await screen.findByRole('navigation', { name: 'Account menu' })).toBeInTheDocument();
    expect(paths().filter((path) => path === '/config.json')).toHaveLength(1);
  });

  it('shows the config error page for a malformed /config.json, and never signs in', async () => {
    const { platform } = await renderShell({
      claims: demoClaims,
      configResponse: json({ Auth: { ClientID: 'web' } }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The site configuration is missing or invalid. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(platform.auth.signIn).not.toHaveBeenCalled();
    expect(platform.auth.getAccessToken).not.toHaveBeenCalled();
  });

  it('shows the config error page when /config.json is missing, in English even without locale files', async () => {
    await renderShell({
      configResponse: new Response('Not Found', { status: 404 }),
      routes: { '/locales/en-GB.json': () => new Response('nope', { status: 500 }) },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
  });

  it('shows the cookie-blocked page and does not start sign-in when storage is unusable', async () => {
    const { platform } = await renderShell({ storageAvailable: false, path: '/orders' });
    expect(
      await screen.findByText(
        'Please enable site data and cookies in your browser to use the website',
      ),
    ).toBeInTheDocument();
    expect(platform.auth.signIn).not.toHaveBeenCalled();
    expect(platform.auth.handleRedirect).not.toHaveBeenCalled();
  });

  it('starts sign-in with the page asked for when there is no access token', async () => {
    const { platform } = await renderShell({ claims: null, path: '/orders?page=2' });
    await waitFor(() => expect(platform.auth.signIn).toHaveBeenCalledWith('/orders?page=2'));
    expect(platform.auth.handleRedirect).toHaveBeenCalled();
  });

  it('reports a failed sign-in as "Auth Error: …" and shows the sign-in error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reports: string[] = [];
    const remove = addErrorReporter((report) => reports.push(report.message));
    const { location } = await renderShell({
      claims: demoClaims,
      path: '/orders',
      setupPlatform: (platform) =>
        platform.auth.handleRedirect.mockRejectedValue(new Error('invalid_grant')),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You could not be signed in' }),
    ).toBeInTheDocument();
    expect(reports).toContain('Auth Error: invalid_grant');
    expect(location.replace).not.toHaveBeenCalled();
    remove();
  });

  it('goes to the root and reloads when the failed address carries state=', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { location } = await renderShell({
      claims: demoClaims,
      path: '/?code=abc&state=xyz',
      setupPlatform: (platform) =>
        platform.auth.handleRedirect.mockRejectedValue(new Error('state mismatch')),
    });
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith('http://localhost:3000/'));
  });

  it('signs out when the session is abandoned', async () => {
    let abandon: () => void = () => {};
    const { platform } = await renderShell({
      claims: demoClaims,
      path: '/orders',
      setupPlatform: (fake) =>
        fake.auth.onSessionAbandoned.mockImplementation((listener) => {
          abandon = listener;
          return () => {};
        }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    abandon();
    expect(platform.auth.signOut).toHaveBeenCalled();
  });

  it('renders the public pages without signing in', async () => {
    const { platform } = await renderShell({
      claims: null,
      hostname: 'albelli-nl.localhost',
      path: '/subscription-confirmation-success',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Success!' })).toBeInTheDocument();
    expect(
      screen.getByText('Your e-mail address has been successfully subscribed!'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      'https://www.albelli.nl/',
    );
    // The title is the page's effect: the page now renders in the shell's first commit.
    await waitFor(() => expect(document.title).toBe('Success! | albelli'));
    expect(platform.auth.signIn).not.toHaveBeenCalled();
  });

  it('uses the default brand for an unknown host and leaves its label out of the title', async () => {
    await renderShell({ claims: demoClaims, hostname: 'unknown.example', path: '/orders' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My orders'));
  });

  it('titles account pages "{page} | {brand}" and sets the brand theme colour', async () => {
    await renderShell({
      claims: demoClaims,
      hostname: 'albelli-nl.localhost',
      path: '/saved-projects',
      routes: {
        '/api/projects/api/v2/projects/user-1': { projects: [], totalProjectCount: 0 },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Saved projects' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('You have no saved projects yet')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Saved projects | albelli'));
    expect(document.head.querySelector('meta[name=theme-color]')?.getAttribute('content')).toBe(
      '#e8590c',
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});

/** A GET /customers/me answer as the server gives it (core/src/api/schemas/customer.ts). */
function customerRecord(status: string) {
  return {
    id: 'customer-1',
    email: 'business@example.com',
    accountDeleted: false,
    status,
    callbackUrl: null,
    callbackFormat: null,
    changed: false,
  };
}

describe('business status banner (docs/product.md#screens)', () => {
  it.each([
    ['Default', 'Missing account details, please complete additional details.', 'note'],
    ['New', 'Pending account validation', 'note'],
    ['Blocked', 'Blocked account, please contact customer care (opens in a new tab).', 'alert'],
  ] as const)('status %s: %s as a %s', async (status, text, role) => {
    await renderShell({
      claims: businessClaims,
      path: '/orders',
      routes: { '/api/customer/customers/me': customerRecord(status) },
    });
    // Only Blocked is urgent (docs/product.md#business-banner): the others are no alert.
    await waitFor(() =>
      expect(screen.getAllByRole(role).map((element) => element.textContent)).toContain(text),
    );
    if (role === 'note')
      expect(screen.queryAllByRole('alert').map((element) => element.textContent)).not.toContain(
        text,
      );
    if (status === 'Default')
      expect(screen.getByRole('link', { name: text })).toHaveAttribute('href', '/settings/b2b');
    if (status === 'Blocked') {
      const care = screen.getByRole('link', {
        name: /^contact customer care\s*\(opens in a new tab\)$/,
      });
      expect(care.getAttribute('href')).toMatch(/^https:\/\/.+\/contact$/);
      expect(care).toHaveAttribute('target', '_blank');
    }
  });

  it("keeps the banner's room while the customer record loads, so the page does not move", async () => {
    let answer: (response: Response) => void = () => {};
    await renderShell({
      claims: businessClaims,
      path: '/orders',
      routes: {
        '/api/customer/customers/me': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    const room = await screen.findByTestId('business-banner-room');
    expect(room).toHaveAttribute('aria-hidden', 'true');
    answer(json(customerRecord('New')));
    expect(await screen.findByText('Pending account validation')).toBeInTheDocument();
    expect(screen.queryByTestId('business-banner-room')).toBeNull();
  });

  it('a missing customer record (404) counts as deleted: no banner, off to /logout', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // The shell's location is a stub here, so the move to /logout shows in the history calls.
    const replaceState = vi.spyOn(window.history, 'replaceState');
    await renderShell({
      claims: businessClaims,
      path: '/orders',
      routes: {
        '/api/customer/customers/me': () =>
          json({ statusCode: 404, error: 'Not Found', message: 'Customer not found' }, 404),
      },
    });
    await waitFor(() =>
      expect(replaceState.mock.calls.map((call) => String(call[2]))).toContain('/logout'),
    );
    expect(screen.queryByText('Pending account validation')).toBeNull();
    expect(screen.queryByText(/Missing account details/)).toBeNull();
  });

  it('is not shown to normal accounts', async () => {
    await renderShell({
      claims: demoClaims,
      path: '/orders',
      routes: { '/api/customer/customers/me': customerRecord('Blocked') },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Blocked account, please contact customer care.')).toBeNull();
  });
});
