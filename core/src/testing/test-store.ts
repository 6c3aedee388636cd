import type { ClientConfig } from '../api/schemas/config';
import type { IdTokenClaims } from '../platform/platform';
import { createStore } from '../store/store';
import { clientConfigFixture } from './client-config-fixture';
import { demoClaims, fakePlatform, memoryStorage } from './fake-platform';

export interface TestStoreOptions {
  /** Signed-in claims (the fake platform hands out a token with them). @default demoClaims */
  claims?: IdTokenClaims | null;
  /** Local storage contents. */
  storage?: Record<string, string>;
  config?: ClientConfig;
  /** Which host the fake platform plays. @default 'web' */
  platformName?: 'web' | 'desktop';
}

/** The real store (RTK Query, listeners, slices) over a fake platform; `fetch` is the test's to mock. */
export function createTestStore({
  claims = demoClaims,
  storage = {},
  config = clientConfigFixture(),
  platformName = 'web',
}: TestStoreOptions = {}) {
  const platform = fakePlatform({ claims, storage: memoryStorage(storage), platformName });
  const store = createStore({ platform, config });
  return { store, platform, config };
}
