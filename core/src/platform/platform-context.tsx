import { createContext, useContext } from 'react';
import type { Platform } from './platform';

export const PlatformContext = createContext<Platform | null>(null);

/** The host's platform (web or desktop) given to `<App platform={…}/>`. */
export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform must be used inside <App>');
  return platform;
}
