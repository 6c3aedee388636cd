import type { FeatureFlagName } from '../../api/schemas/config';
import { usePlatform } from '../../platform/platform-context';
import { useBrand, useClientConfig } from '../brand/brand-context';
import { resolveFeatureFlag } from './resolve-feature-flag';

/** Whether a feature flag is on for this user and brand (docs/product.md#roles-and-flags, three sources in order). */
export function useFeatureFlag(name: FeatureFlagName): boolean {
  const platform = usePlatform();
  const config = useClientConfig();
  const brand = useBrand();
  // Read on every render: storage is synchronous and cheap, and an override set in devtools
  // applies on the next render without a reload.
  return resolveFeatureFlag(name, { storage: platform.storage, config, brandHost: brand.host });
}
