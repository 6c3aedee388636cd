import { useTranslation } from 'react-i18next';

/** A country's name in the page's language (Intl.DisplayNames), or the code when it has none. */
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
