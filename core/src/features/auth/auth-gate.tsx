import { startTransition, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { reportError } from '../../store/error-reporter';
import { usePlatform } from '../../platform/platform-context';
import { isBusinessUser } from './is-business';
import { IdentityContext } from './identity-context';
import type { Identity } from './identity-context';

type GateState =
  { status: 'pending' } | { status: 'failed' } | { status: 'done'; identity: Identity };

export interface AuthGateProps {
  children: ReactNode;
  /** Shown while sign-in runs (also while the browser leaves for the provider). */
  pending: ReactNode;
  /** Shown when sign-in failed and no reload is due. */
  failed: ReactNode;
}

/**
 * docs/product.md#states Auth: finish a redirect if the address carries one; with an access token auth is done
 * at once, otherwise sign-in starts (returning to the page asked for). Failures are reported as
 * 'Auth Error: …'; if the address carries 'state=' the app goes to the root and reloads (docs/product.md#messages).
 */
export function AuthGate({ children, pending, failed }: AuthGateProps) {
  const platform = usePlatform();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<GateState>({ status: 'pending' });
  // The code exchange is single-use: never run it twice (StrictMode mounts effects twice).
  const started = useRef(false);
  const returnTo = useRef(location.pathname + location.search + location.hash);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        await platform.auth.handleRedirect();
        const token = await platform.auth.getAccessToken();
        const claims = token ? await platform.auth.getIdTokenClaims() : null;
        if (!token || !claims) {
          await platform.auth.signIn(returnTo.current);
          return;
        }
        // handleRedirect may have put the page asked for before sign-in back into the address.
        const current = window.location.pathname + window.location.search + window.location.hash;
        if (current !== returnTo.current) void navigate(current, { replace: true });
        // The signed-in shell and page replace the pending screen in a transition, which React
        // renders in slices: as a plain update (an async callback's) it was one long task of the
        // whole shell and page on a phone's main thread (docs/architecture.md "Boot").
        startTransition(() =>
          setState({
            status: 'done',
            identity: { sub: claims.sub, email: claims.email, isBusiness: isBusinessUser(claims) },
          }),
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        reportError({ action: 'auth/signIn', message: `Auth Error: ${message}` });
        if (window.location.href.includes('state=')) {
          window.location.replace(`${window.location.origin}/`);
          return;
        }
        setState({ status: 'failed' });
      }
    })();
  }, [platform, navigate]);

  // docs/product.md#states: an abandoned session (refresh refused, signed out elsewhere) signs the user out.
  useEffect(
    () =>
      platform.auth.onSessionAbandoned(() => {
        void platform.auth.signOut();
      }),
    [platform],
  );

  if (state.status === 'pending') return <>{pending}</>;
  if (state.status === 'failed') return <>{failed}</>;
  return <IdentityContext.Provider value={state.identity}>{children}</IdentityContext.Provider>;
}
