import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { FeatureFlagName } from '../../api/schemas/config';
import { useIdentity } from '../../features/auth/use-identity';
import { useFeatureFlag } from '../../features/flags/use-feature-flag';
import { carryStripped, useIsStripped } from '../../ui/stripped-link';

function Redirect({ to }: { to: string }) {
  const stripped = useIsStripped();
  return <Navigate to={carryStripped(to, stripped)} replace />;
}

/** docs/product.md#screens: a route shown only when its feature flag is on; otherwise redirect to '/'. */
export function FlagRoute({ flag, children }: { flag: FeatureFlagName; children: ReactNode }) {
  return useFeatureFlag(flag) ? <>{children}</> : <Redirect to="/" />;
}

/** Business (B2B) accounts only (docs/product.md#roles-and-flags); others go to `redirectTo`. */
export function BusinessOnly({
  children,
  redirectTo = '/',
}: {
  children: ReactNode;
  redirectTo?: string;
}) {
  return useIdentity().isBusiness ? <>{children}</> : <Redirect to={redirectTo} />;
}

/** Normal (non-business) accounts only (docs/product.md#roles-and-flags); business accounts go to `redirectTo`. */
export function ConsumerOnly({
  children,
  redirectTo = '/',
}: {
  children: ReactNode;
  redirectTo?: string;
}) {
  return useIdentity().isBusiness ? <Redirect to={redirectTo} /> : <>{children}</>;
}
