import { cookieConsentSettingsSchema } from '../../api/schemas/consent';
import type { CookieConsentSettings } from '../../api/schemas/consent';

/** The settings the dialog runs with; the built-in ones have no policy link. */
export type ConsentSettings = Omit<CookieConsentSettings, 'policyUrl'> & { policyUrl?: string };

/** How long the dialog waits for the brand's settings before it uses the built-in ones. */
export const SETTINGS_TIMEOUT_MS = 3000;

/**
 * The brand's consent settings from `CookieConsentUrl` (docs/product.md "Page furniture"), or the
 * built-in ones when the URL is absent, slow or fails. The built-in revision is the one of the
 * choice already stored, so an outage of the settings service never asks a customer again.
 */
export async function loadConsentSettings(options: {
  url: string | undefined;
  host: string;
  storedRevision: number | null;
  timeoutMs?: number;
}): Promise<ConsentSettings> {
  const fallback = fallbackSettings(options.storedRevision);
  if (!options.url) return fallback;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? SETTINGS_TIMEOUT_MS);
  try {
    const url = new URL(options.url, window.location.href);
    url.searchParams.set('host', options.host);
    const response = await fetch(url, { signal: controller.signal });
    if (!response.ok) return fallback;
    const parsed = cookieConsentSettingsSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}

/** The built-in settings: both categories, the stored revision (or 0), no policy link. */
export function fallbackSettings(storedRevision: number | null): ConsentSettings {
  return { revision: storedRevision ?? 0, categories: ['analytics', 'marketing'] };
}
