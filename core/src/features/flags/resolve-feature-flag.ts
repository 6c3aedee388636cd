import { z } from 'zod/mini';
import { featureFlagNameSchema } from '../../api/schemas/config';
import type { ClientConfig, FeatureFlagName } from '../../api/schemas/config';
import type { PlatformStorage } from '../../platform/platform';

/**
 * The second flag source of docs/product.md#roles-and-flags, "a stored setting": the storage key `featureFlagSettings`
 * holds a JSON object of flag name → boolean, e.g. `{"PhotoManagementUploadEnabled": true}`.
 * Unknown flag names or non-boolean values make the whole setting invalid, and then it is
 * ignored (docs/product.md#validation: stored flags must parse). See docs/feature-flags.md.
 */
export const FEATURE_FLAG_SETTINGS_KEY = 'featureFlagSettings';
export const featureFlagSettingsSchema = z.partialRecord(featureFlagNameSchema, z.boolean());
export type FeatureFlagSettings = z.infer<typeof featureFlagSettingsSchema>;

type Storage = Pick<PlatformStorage, 'get'>;

function safeGet(storage: Storage, key: string): string | null {
  try {
    return storage.get(key);
  } catch {
    return null;
  }
}

/** Source 1: `localStorage[flagName]` = 'true' / 'false' (JSON booleans); anything else is ignored. */
export function readFlagOverride(storage: Storage, name: FeatureFlagName): boolean | undefined {
  const raw = safeGet(storage, name);
  if (raw === null) return undefined;
  const trimmed = raw.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  return undefined;
}

/** Source 2: the stored `featureFlagSettings` object; invalid JSON or shape → ignored. */
export function readFlagSetting(storage: Storage, name: FeatureFlagName): boolean | undefined {
  const raw = safeGet(storage, FEATURE_FLAG_SETTINGS_KEY);
  if (raw === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const result = featureFlagSettingsSchema.safeParse(parsed);
  return result.success ? result.data[name] : undefined;
}

/** Source 3: the flag is on for the hosts `config.FeatureFlagHosts[name]` lists. */
export function readFlagHosts(
  config: Pick<ClientConfig, 'FeatureFlagHosts'>,
  name: FeatureFlagName,
  brandHost: string,
): boolean {
  const hosts = config.FeatureFlagHosts[name] ?? [];
  const host = brandHost.toLowerCase();
  return hosts.some((candidate) => candidate.toLowerCase() === host);
}

/** docs/product.md#roles-and-flags: local-storage override, then the stored setting, then the per-brand host list. */
export function resolveFeatureFlag(
  name: FeatureFlagName,
  sources: { storage: Storage; config: Pick<ClientConfig, 'FeatureFlagHosts'>; brandHost: string },
): boolean {
  return (
    readFlagOverride(sources.storage, name) ??
    readFlagSetting(sources.storage, name) ??
    readFlagHosts(sources.config, name, sources.brandHost)
  );
}
