import { supportedLocales } from '../lib/locales';

type Texts = { [key: string]: string | Texts };

const files = import.meta.glob<Texts>('../../locales/*.json', { eager: true, import: 'default' });
const byLocale = new Map(
  Object.entries(files).map(([path, texts]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), texts]),
);

/**
 * Keys whose text stays as in English in every language. Add a key only when leaving it
 * untranslated is right, never to silence a missing text.
 */
const sameAsEnglishAllowed = new Set([
  // An acronym, the file format's name in every language.
  'orders.columns.pdf',
  // Payment brands and their terms are names, written the same in every language.
  'settings.payment.paypal',
  'settings.payment.paypalSummary',
  'settings.payment.iban',
  'settings.payment.brands.visa',
  'settings.payment.brands.mastercard',
  'settings.payment.brands.amex',
  'settings.payment.brands.maestro',
]);
/** Counts that name no thing, so no language inflects around them. */
const countWithoutNoun = new Set([
  // "and 3 more" under a list of files: the list says what they are.
  'desktop.uploads.more',
]);
/**
 * Words a language spells as English does (loanwords such as "Widgets", "Cookies" or "Feedback"
 * that customers there use, and cognates such as Dutch "Status" or French "Photos"), so an
 * identical text is a translation there, not a forgotten one. Per locale, by text.
 */
const loanwords = ['Widgets', 'Cookies', 'Marketing', 'Feedback'];
const dutch = [
  ...loanwords,
  'Downloads',
  'Albums',
  'Uploads',
  'Callback',
  'Status',
  'Code {{code}}',
  'Product',
  '{{count, number}} product',
  'Baby',
];
const sameWordInLocale: Record<string, string[]> = {
  'nl-NL': dutch,
  'nl-BE': dutch,
  'de-AT': [
    ...loanwords,
    'Downloads',
    'Uploads',
    'Callback',
    'Status',
    'Code {{code}}',
    'Optional',
    'Baby',
  ],
  'da-DK': [
    ...loanwords,
    'Downloads',
    'Uploads',
    'Callback',
    'Status',
    'Start import',
    'Send e-mail',
    'Send',
    'Baby',
  ],
  'nb-NO': ['Callback', 'Status', 'Start import', 'Send', 'Baby'],
  'sv-SE': ['Callback', 'Status', 'Cookies', 'Feedback'],
  'es-ES': ['Widgets', 'Cookies', 'Marketing', 'Total', 'Total {{total}}'],
  'it-IT': ['Password', 'Callback', 'File', 'Marketing', 'Feedback'],
  'pt-PT': ['Widgets', 'Cookies', 'Marketing', 'Callback', 'Total', 'Total {{total}}'],
  'fr-FR': [
    ...loanwords.filter((word) => word !== 'Feedback'),
    'FAQ',
    'Nature',
    'Photos',
    'Albums',
    '{{count, number}} photo',
    '{{count, number}} photos',
    'Photo {{fileName}}',
    'Code {{code}}',
    'Total',
    'Total {{total}}',
    'Date',
    'Pages',
    '{{count, number}} page',
    '{{count, number}} pages',
  ],
};

/** A word in any script: the text around it is no letter. */
const word = (words: string, flags = 'u') => new RegExp(`(?<!\\p{L})(?:${words})(?!\\p{L})`, flags);
/**
 * Each language addresses the customer one way throughout (docs/product.md#limits): these are
 * the pronouns of the other way. German for Austria says Sie (a friend's shared e-mail, written in
 * their name, says du); Dutch, Spanish and Italian say je / tú / tu; French and Portuguese say
 * vous / the third person. Danish, Norwegian and Swedish have only du in use.
 */
const otherAddress: Record<string, { pronouns: RegExp; except?: RegExp }> = {
  'de-AT': {
    pronouns: word('du|dich|dir|dein|deine|deinen|deinem|deiner|deines', 'iu'),
    except: /^mail\.widgetShare\./,
  },
  'nl-NL': { pronouns: word('u|uw', 'iu') },
  'nl-BE': { pronouns: word('u|uw', 'iu') },
  'es-ES': { pronouns: word('usted|ustedes', 'iu') },
  'it-IT': { pronouns: word('Lei|Suo|Sua|Suoi|Sue') },
  'fr-FR': { pronouns: word('tu|toi|ton|ta|tes|te', 'iu') },
  'pt-PT': { pronouns: word('tu|teu|tua|teus|tuas|contigo', 'iu') },
};

/** One apostrophe per language: French texts use the typographic one (’), never a straight one. */
const straightApostropheNotUsed = ['fr-FR'];

/**
 * Words of the neighbouring country's usage: Belgian Dutch says aanmelden, klantendienst,
 * levering and domiciliëring where the Netherlands say inloggen, klantenservice, bezorging and
 * automatische incasso.
 */
const neighbourUsage: Record<string, RegExp> = {
  'nl-BE': /inlog|uitlog|ingelogd|uitgelogd|klantenservice|bezorg|incasso/iu,
};

function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [inner, text] of flatten(value, path)) flat.set(inner, text);
  }
  return flat;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();
/** A text with letters once placeholders are removed: words a customer reads. */
const hasWords = (text: string) => /\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''));

const english = flatten(byLocale.get('en-GB') ?? {});

/**
 * Count-bearing texts are i18next plural keys (`key_one`, `key_other` in English). Every other
 * locale has exactly the plural categories its language uses (Intl.PluralRules, which i18next
 * asks too): French, Spanish, Italian and Portuguese also have `_many`.
 */
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const pluralBases = new Set(
  [...english.keys()]
    .filter((key) => key.endsWith('_other') && english.has(key.replace(/_other$/, '_one')))
    .map((key) => key.replace(/_other$/, '')),
);
const isPluralOf = (key: string) =>
  pluralSuffix.test(key) && pluralBases.has(key.replace(pluralSuffix, ''));
const pluralCategories = (locale: string) =>
  new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
function expectedKeys(locale: string): string[] {
  const plain = [...english.keys()].filter((key) => !isPluralOf(key));
  const plural = [...pluralBases].flatMap((base) =>
    pluralCategories(locale).map((category) => `${base}_${category}`),
  );
  return [...plain, ...plural];
}
/** The English text a key translates: `_many` (and other categories) translate `_other`. */
const englishFor = (key: string) =>
  english.get(key) ??
  (isPluralOf(key) ? english.get(key.replace(pluralSuffix, '_other')) : undefined);

describe('locale files (docs/product.md#limits)', () => {
  it('has en-GB with texts', () => {
    expect(english.size).toBeGreaterThan(0);
  });

  it('en-GB has both plural forms of every count text', () => {
    const lonely = [...english.keys()].filter(
      (key) => /_(one|other)$/.test(key) && !pluralBases.has(key.replace(pluralSuffix, '')),
    );
    expect(lonely).toEqual([]);
  });

  it('en-GB words every count as a plural text (a bare "+3", "(3)" or "× 3" needs none)', () => {
    const countInWords = (text: string) =>
      /\{\{count, number\}\}/.test(
        text.replace(/\([^()]*\)|^\+\{\{count, number\}\}$|× \{\{count, number\}\}/g, ''),
      );
    const notPlural = [...english]
      .filter(([key, text]) => !isPluralOf(key) && countInWords(text))
      .filter(([key]) => !countWithoutNoun.has(key))
      .map(([key, text]) => `${key}: ${text}`);
    expect(notPlural).toEqual([]);
  });

  it('knows the plural categories of i18next for the languages with a _many form', () => {
    // If this changes (a new ICU), expectedKeys follows; this only pins what the files assume.
    expect(pluralCategories('fr-FR')).toEqual(['many', 'one', 'other']);
    expect(pluralCategories('nl-NL')).toEqual(['one', 'other']);
  });

  it('allows only what some locale needs (the allow-lists stay short)', () => {
    const identical = (locale: string) =>
      [...flatten(byLocale.get(locale) ?? {})].filter(([key, text]) => text === englishFor(key));
    const others = supportedLocales.filter((locale) => locale !== 'en-GB');
    const unusedKeys = [...sameAsEnglishAllowed].filter(
      (key) => !others.some((locale) => identical(locale).some(([same]) => same === key)),
    );
    const unusedWords = Object.entries(sameWordInLocale).flatMap(([locale, words]) =>
      words
        .filter((word) => !identical(locale).some(([, text]) => text === word))
        .map((word) => `${locale}: ${word}`),
    );
    expect({ unusedKeys, unusedWords }).toEqual({ unusedKeys: [], unusedWords: [] });
  });

  describe.each(supportedLocales.filter((locale) => locale !== 'en-GB'))('%s', (locale) => {
    const texts = byLocale.get(locale);

    it('exists', () => {
      expect(texts, `core/locales/${locale}.json is missing`).toBeDefined();
    });

    it('has the keys of en-GB, with the plural forms of its language', () => {
      const keys = [...flatten(texts ?? {}).keys()];
      const wanted = expectedKeys(locale);
      const missing = wanted.filter((key) => !keys.includes(key));
      const extra = keys.filter((key) => !wanted.includes(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('has no empty texts and keeps the placeholders', () => {
      const problems: string[] = [];
      for (const [key, text] of flatten(texts ?? {})) {
        if (text.trim() === '') problems.push(`${key}: empty`);
        const source = englishFor(key);
        if (source !== undefined && placeholders(source).join() !== placeholders(text).join()) {
          problems.push(
            `${key}: placeholders ${placeholders(text).join()} instead of ${placeholders(source).join()}`,
          );
        }
      }
      expect(problems).toEqual([]);
    });

    it('is translated (no text with words identical to en-GB unless allowed)', () => {
      const untranslated = [...flatten(texts ?? {})]
        .filter(
          ([key, text]) =>
            !sameAsEnglishAllowed.has(key) && text === englishFor(key) && hasWords(text),
        )
        .filter(([, text]) => !(sameWordInLocale[locale] ?? []).includes(text))
        .map(([key, text]) => `${key}: ${text}`);
      expect(untranslated).toEqual([]);
    });
  });

  describe.each(Object.keys(otherAddress))('%s', (locale) => {
    it('addresses the customer one way', () => {
      const { pronouns, except } = otherAddress[locale]!;
      const other = [...flatten(byLocale.get(locale) ?? {})]
        .filter(([key, text]) => !except?.test(key) && pronouns.test(text))
        .map(([key, text]) => `${key}: ${text}`);
      expect(other).toEqual([]);
    });
  });

  describe.each(Object.keys(neighbourUsage))('%s', (locale) => {
    it('uses its own country’s words', () => {
      const neighbours = [...flatten(byLocale.get(locale) ?? {})]
        .filter(([, text]) => neighbourUsage[locale]!.test(text))
        .map(([key, text]) => `${key}: ${text}`);
      expect(neighbours).toEqual([]);
    });
  });

  describe.each(straightApostropheNotUsed)('%s', (locale) => {
    it('writes the typographic apostrophe', () => {
      const straight = [...flatten(byLocale.get(locale) ?? {})]
        .filter(([, text]) => text.includes("'"))
        .map(([key, text]) => `${key}: ${text}`);
      expect(straight).toEqual([]);
    });
  });
});
