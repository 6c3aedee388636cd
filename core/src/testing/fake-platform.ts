import type { IdTokenClaims, PickedFile, Platform, PlatformStorage } from '../platform/platform';

/** An in-memory PlatformStorage; `available: false` behaves like blocked site data. */
export function memoryStorage(
  initial: Record<string, string> = {},
  available = true,
): PlatformStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
    isAvailable: () => available,
  };
}

export interface FakePlatformOptions {
  claims?: IdTokenClaims | null;
  storage?: PlatformStorage;
  /** @default 'web' */
  platformName?: Platform['platformName'];
}

/** A signed-in (or not) platform whose auth calls are spies. */
export function fakePlatform({
  claims = null,
  storage = memoryStorage(),
  platformName = 'web',
}: FakePlatformOptions = {}) {
  const platform = {
    platformName,
    auth: {
      handleRedirect: vi.fn(async () => {}),
      signIn: vi.fn(async (_returnTo?: string) => {}),
      signOut: vi.fn(async (_returnTo?: string) => {}),
      getAccessToken: vi.fn(async () => (claims ? 'access-token' : null)),
      getIdTokenClaims: vi.fn(async () => claims),
      onSessionAbandoned: vi.fn((_listener: () => void) => () => {}),
    },
    files: { pickImages: vi.fn(async (): Promise<PickedFile[]> => []) },
    downloads: { saveArchive: vi.fn(async () => {}), saveFile: vi.fn(async () => {}) },
    storage,
    openExternal: vi.fn(),
  } satisfies Platform;
  return platform;
}

export const demoClaims: IdTokenClaims = {
  sub: 'user-1',
  email: 'demo@example.com',
  idp_type: 'local',
  idp_sub: 'user-1',
  authentication_method: 'password',
};

export const businessClaims: IdTokenClaims = {
  sub: 'user-2',
  email: 'business@example.com',
  idp_type: 'local',
  idp_sub: 'user-2',
  authentication_method: 'B2B',
};
