import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import type { Resource, ResourceLanguage, TFunction } from 'i18next';
import { LOCALES_DIR } from '../http/locales.ts';

/** The sections of `core/locales/*.json` the server renders itself: sign-in pages and mails. */
export const SERVER_NAMESPACES = ['login', 'mail'] as const;
export type ServerNamespace = (typeof SERVER_NAMESPACES)[number];

const SOURCE_LOCALE = 'en-GB';

/**
 * Texts of the server-rendered pages and mails in every locale of `core/locales/`, read once at
 * start (the same files the app's i18next reads, so translators edit one place). Unknown
 * locales and missing keys fall back to en-GB. Interpolated values are not escaped here: the
 * HTML renderers escape every text they insert.
 */
export class ServerTexts {
  private readonly i18n = i18next.createInstance();
  readonly locales: string[];

  constructor(dir: string = LOCALES_DIR) {
    const files = readdirSync(dir).filter((file) => /^[a-z]{2}-[A-Z]{2}\.json$/.test(file));
    const resources: Resource = {};
    for (const file of files) {
      const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as ResourceLanguage;
      resources[file.replace(/\.json$/, '')] = Object.fromEntries(
        SERVER_NAMESPACES.map((ns) => [ns, json[ns] ?? {}]),
      );
    }
    this.locales = Object.keys(resources).sort();
    void this.i18n.init({
      resources,
      lng: SOURCE_LOCALE,
      fallbackLng: SOURCE_LOCALE,
      supportedLngs: this.locales,
      ns: [...SERVER_NAMESPACES],
      defaultNS: 'login',
      initAsync: false,
      returnNull: false,
      interpolation: { escapeValue: false },
    });
  }

  /** A `t` bound to a locale (falling back to en-GB) and a section. */
  for(locale: string, ns: ServerNamespace): TFunction {
    const lng = this.locales.includes(locale) ? locale : SOURCE_LOCALE;
    return this.i18n.getFixedT(lng, ns);
  }

  /** The language tag for `<html lang>`: the locale we actually render in. */
  langOf(locale: string): string {
    return this.locales.includes(locale) ? locale : SOURCE_LOCALE;
  }
}

let shared: ServerTexts | undefined;

/** The texts of `core/locales/`, loaded on first use and then kept for the process. */
export function serverTexts(): ServerTexts {
  shared ??= new ServerTexts();
  return shared;
}
