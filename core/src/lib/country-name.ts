import { useTranslation } from 'react-i18next';

/** A country's name in `locale` (Intl.DisplayNames), or the code when it has none. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A country's name in the page's language: settings' addresses and orders' delivery address. */
export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  } catch {
    names = undefined;
  }
  return (code) => names?.of(code) ?? code;
}
