import { act, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { PlatformContext } from '../../platform/platform-context';
import { demoClaims, fakePlatform } from '../../testing/fake-platform';
import { AuthGate } from './auth-gate';

describe('AuthGate', () => {
  it('keeps the signing-in screen until the signed-in page can render: the switch is a transition, which React renders in slices (docs/architecture.md "Boot")', async () => {
    let resolvePage!: () => void;
    const pageReady = new Promise<void>((resolve) => {
      resolvePage = resolve;
    });
    function Page() {
      use(pageReady);
      return <p>The page</p>;
    }
    render(
      <PlatformContext.Provider value={fakePlatform({ claims: demoClaims })}>
        <MemoryRouter>
          <Suspense fallback={<p>blank</p>}>
            <AuthGate pending={<p>Signing in</p>} failed={<p>failed</p>}>
              <Page />
            </AuthGate>
          </Suspense>
        </MemoryRouter>
      </PlatformContext.Provider>,
    );
    // Signed in, but the page is not ready: a plain update would have shown the boundary's
    // fallback (a blank screen) in place of the signing-in screen.
    await act(async () => {});
    expect(screen.getByText('Signing in')).toBeInTheDocument();
    expect(screen.queryByText('blank')).toBeNull();
    await act(async () => resolvePage());
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(screen.queryByText('Signing in')).toBeNull();
  });
});
