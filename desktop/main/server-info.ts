/**
 * What main reads from the server it is configured for: `/config.json` (the sign-in issuer, the
 * brand table) and the desktop texts of that brand's language from `/locales/{locale}.json`
 * (read as data, the same files core's i18next loads). The brand is the one a browser on the
 * configured host would show (docs/product.md#brands: the brand comes from the host name; an
 * unknown host gets the default host's brand; a redirecting host shows its target's brand).
 */
import type { BrandHost, ClientConfig } from '@photo/core/api/schemas/config';
import { clientConfigSchema } from '@photo/core/api/schemas/config';
import { clientConfigOrigins } from '@photo/core/api/schemas/security-policy';
import { z } from 'zod';
import type { DesktopTexts } from '../common/ipc-contract';
import { buildContentSecurityPolicy } from './windows';

const text = z.string().min(1);

/** The `desktop` section of a locale file. */
export const desktopTextsSchema = z.object({
  signIn: z.object({
    title: text,
    intro: text,
    button: text,
    waiting: text,
    cancel: text,
    timedOut: text,
    failed: text,
    browserSuccessTitle: text,
    browserSuccess: text,
    browserFailureTitle: text,
    browserFailure: text,
  }),
  tokensInMemory: text,
  transfers: z.object({
    region: text,
    saving: text,
    saved: text,
    failed: text,
    showInFolder: text,
    cancel: text,
    dismiss: text,
  }),
  uploads: z.object({
    region: text,
    running: text,
    onHold: z.record(z.string(), text),
    listLabel: text,
    more: text,
    status: z.object({
      waiting: text,
      held: text,
      checking: text,
      uploading: text,
      done: text,
      duplicate: text,
    }),
    failure: z.object({
      refused: text,
      tooLarge: text,
      missing: text,
      unreadable: text,
      network: text,
      server: text,
    }),
    retryFailed: text,
    close: text,
  }),
  watch: z.object({
    region: text,
    heading: text,
    watchFolder: text,
    intro: text,
    targetLabel: text,
    target: z.object({ library: text, album: text, albumPerSubfolder: text }),
    chooseFolder: text,
    cancel: text,
    listLabel: text,
    state: z.object({
      watching: text,
      uploading: text,
      paused: text,
      pausedAt: text,
      missing: text,
    }),
    pause: text,
    resume: text,
    stop: text,
    added: text,
    paused: text,
    resumed: text,
    exists: text,
    stopped: text,
    failed: text,
  }),
  export: z.object({
    region: text,
    open: text,
    intro: text,
    chooseFolder: text,
    changeFolder: text,
    folder: text,
    phase: z.object({
      idle: text,
      running: text,
      paused: text,
      upToDate: text,
      diskFull: text,
      foreignFolder: text,
      failed: text,
    }),
    pause: text,
    resume: text,
    syncNow: text,
    showInFolder: text,
    close: text,
    albumFolders: text,
  }),
}) satisfies z.ZodType<Omit<DesktopTexts, 'locale' | 'brand' | 'uploadOutcome'>>;

/** `photos.upload.outcome` of a locale file: the upload outcome's plural texts. */
const uploadOutcomeSchema = z.object({
  photos: z.object({ upload: z.object({ outcome: z.record(z.string(), text) }) }),
});

const normalise = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

/** The brand of `host` in the config's table (redirects followed once, then the default host's). */
export function brandForHost(config: ClientConfig, host: string): BrandHost {
  const wanted = normalise(host);
  const redirect = Object.entries(config.Redirects).find(([from]) => normalise(from) === wanted);
  const target = redirect ? normalise(redirect[1]) : wanted;
  const find = (name: string) => config.Brands.find((brand) => normalise(brand.host) === name);
  // The schema guarantees at least one brand.
  return (find(target) ?? find(normalise(config.DefaultHost)) ?? config.Brands[0]) as BrandHost;
}

/**
 * Every origin the renderer talks to besides its own: the server, the sign-in issuer and every
 * other absolute URL in `/config.json` (a deployment may point API groups at the retailer's
 * services). The CSP names exactly these.
 */
export function connectOrigins(config: ClientConfig, serverOrigin: string): string[] {
  // Every absolute URL of the config, found by value (the server's policy does the same).
  const origins = new Set<string>();
  for (const candidate of [serverOrigin, ...clientConfigOrigins(config)]) {
    const url = URL.parse(candidate);
    if (url && ['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol))
      origins.add(`${url.protocol}//${url.host}`);
  }
  return [...origins];
}

export interface ServerInfoDeps {
  serverOrigin: string;
  brandHost: string;
  fetch?: typeof fetch;
}

export class ServerInfoError extends Error {
  override name = 'ServerInfoError';
}

export function createServerInfo(deps: ServerInfoDeps) {
  const doFetch = deps.fetch ?? fetch;
  let config: Promise<ClientConfig> | null = null;
  let texts: Promise<DesktopTexts> | null = null;

  async function getJson(path: string): Promise<unknown> {
    const url = new URL(path, deps.serverOrigin);
    const response = await doFetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new ServerInfoError(`GET ${url.pathname} answered ${response.status}`);
    return response.json();
  }

  /** Cached once it succeeded; a failure is retried on the next call. */
  function once<T>(load: () => Promise<T>, set: (value: Promise<T> | null) => void): Promise<T> {
    const pending = load();
    set(pending);
    pending.catch(() => set(null));
    return pending;
  }

  function clientConfig(): Promise<ClientConfig> {
    return (
      config ??
      once(
        async () => clientConfigSchema.parse(await getJson('/config.json')),
        (value) => (config = value),
      )
    );
  }

  async function brand(): Promise<BrandHost> {
    return brandForHost(await clientConfig(), deps.brandHost);
  }

  function desktopTexts(): Promise<DesktopTexts> {
    return (
      texts ??
      once(
        async () => {
          const current = await brand();
          const { locale } = current;
          if (!/^[a-z]{2}-[A-Z]{2}$/.test(locale))
            throw new ServerInfoError(`unexpected locale ${locale}`);
          const json = await getJson(`/locales/${locale}.json`);
          const file = z.object({ desktop: desktopTextsSchema }).parse(json);
          const uploadOutcome = uploadOutcomeSchema.parse(json).photos.upload.outcome;
          return { locale, brand: current, ...file.desktop, uploadOutcome };
        },
        (value) => (texts = value),
      )
    );
  }

  /** The CSP of the renderer's documents; the server origin alone while the config is unreadable. */
  async function contentSecurityPolicy(): Promise<string> {
    const origins = await clientConfig().then(
      (config) => connectOrigins(config, deps.serverOrigin),
      () => [deps.serverOrigin],
    );
    return buildContentSecurityPolicy(origins);
  }

  return { clientConfig, brand, texts: desktopTexts, contentSecurityPolicy };
}

export type ServerInfo = ReturnType<typeof createServerInfo>;
