// Compares every locale file in core/locales with the en-GB source texts and lists, per locale,
// missing keys, extra keys, empty texts and placeholder/tag mismatches. Count texts are i18next
// plural keys: where en-GB has `key_one` and `key_other`, a locale has `key_<category>` for exactly
// the plural categories of its language (Intl.PluralRules, as i18next uses them: French, Spanish,
// Italian and Portuguese also need `_many`). Exits 1 when anything is
// off, so it can gate CI; `node scripts/i18n-sync.mjs fr-FR de-AT` checks only those locales.
// No dependencies on purpose: it must run before `npm install` in a translator's checkout.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = join(root, 'core', 'locales');
const sourceLocale = 'en-GB';

/** The locale list of core/src/lib/locales.ts, so a locale without a file is reported too. */
function declaredLocales() {
  const file = join(root, 'core', 'src', 'lib', 'locales.ts');
  if (!existsSync(file)) return [];
  const list = /supportedLocales\s*=\s*\[([^\]]*)\]/.exec(readFileSync(file, 'utf8'));
  return list ? [...list[1].matchAll(/'([^']+)'|"([^"]+)"/g)].map((m) => m[1] ?? m[2]) : [];
}

function readTexts(locale) {
  return JSON.parse(readFileSync(join(localesDir, `${locale}.json`), 'utf8'));
}

/** Nested texts to `a.b.c` paths; non-string leaves are kept so they can be reported. */
function flatten(texts, prefix = '', flat = new Map()) {
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      flatten(value, path, flat);
    else flat.set(path, value);
  }
  return flat;
}

const sorted = (items) => [...items].sort();
/** `{{name}}`, `{{date, datetime}}` and `{{- raw}}` all count as the variable name. */
const placeholders = (text) =>
  sorted([...text.matchAll(/\{\{\s*-?\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]));
/** Trans components: `<0>`, `</0>`, `<1/>`, `<albumLink>`, `<br />`; `$t(...)` nesting too. */
const tags = (text) =>
  sorted([
    ...[...text.matchAll(/<\s*(\/?)\s*([\w.-]+)\s*(\/?)\s*>/g)].map(
      (m) => `<${m[1]}${m[2]}${m[3]}>`,
    ),
    ...[...text.matchAll(/\$t\(\s*([^,)]+)/g)].map((m) => `$t(${m[1].trim()})`),
  ]);
const differs = (a, b) => a.join('\u0000') !== b.join('\u0000');
const show = (items) => (items.length ? items.join(' ') : '(none)');

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** `photoCount` for `photoCount_one` + `photoCount_other` in the source. */
function pluralBases(source) {
  return new Set(
    [...source.keys()]
      .filter((key) => key.endsWith('_other') && source.has(key.replace(/_other$/, '_one')))
      .map((key) => key.replace(/_other$/, '')),
  );
}

/** The source keys as this locale must have them: plural keys in its language's categories. */
function expectedKeys(locale, source) {
  const bases = pluralBases(source);
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const isPlural = (key) => pluralSuffix.test(key) && bases.has(key.replace(pluralSuffix, ''));
  const expected = new Map();
  for (const [key, text] of source) if (!isPlural(key)) expected.set(key, text);
  for (const base of bases)
    for (const category of categories)
      expected.set(
        `${base}_${category}`,
        source.get(`${base}_${category}`) ?? source.get(`${base}_other`),
      );
  return expected;
}

function checkLocale(locale, fullSource) {
  const problems = [];
  const source = expectedKeys(locale, fullSource);
  let texts;
  try {
    texts = readTexts(locale);
  } catch (error) {
    return [
      `file: ${error.code === 'ENOENT' ? `core/locales/${locale}.json is missing` : error.message}`,
    ];
  }
  const target = flatten(texts);
  for (const key of source.keys()) if (!target.has(key)) problems.push(`missing: ${key}`);
  for (const key of target.keys()) if (!source.has(key)) problems.push(`extra: ${key}`);
  for (const [key, text] of target) {
    const english = source.get(key);
    if (english === undefined) continue;
    if (typeof text !== 'string') {
      problems.push(`not a string: ${key} (${JSON.stringify(text)})`);
      continue;
    }
    if (text.trim() === '') problems.push(`empty: ${key}`);
    if (typeof english !== 'string') continue;
    const [want, got] = [placeholders(english), placeholders(text)];
    if (differs(want, got))
      problems.push(`placeholders: ${key} has ${show(got)}, en-GB has ${show(want)}`);
    const [wantTags, gotTags] = [tags(english), tags(text)];
    if (differs(wantTags, gotTags))
      problems.push(`tags: ${key} has ${show(gotTags)}, en-GB has ${show(wantTags)}`);
  }
  return problems;
}

function main(args) {
  let source;
  try {
    source = flatten(readTexts(sourceLocale));
  } catch (error) {
    console.error(`core/locales/${sourceLocale}.json: ${error.message}`);
    return 1;
  }
  const onDisk = readdirSync(localesDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length));
  const all = [...new Set([...declaredLocales(), ...onDisk])]
    .filter((locale) => locale !== sourceLocale)
    .sort();
  const unknown = args.filter((locale) => !all.includes(locale));
  if (unknown.length) {
    console.error(`Unknown locale(s): ${unknown.join(', ')}. Known: ${all.join(', ')}`);
    return 1;
  }
  const locales = args.length ? args : all;

  let failed = 0;
  for (const locale of locales) {
    const problems = checkLocale(locale, source);
    if (problems.length === 0) {
      console.info(`✓ ${locale}: ${source.size} keys OK`);
      continue;
    }
    failed += 1;
    console.info(`✗ ${locale}: ${problems.length} problem(s)`);
    for (const problem of problems) console.info(`    ${problem}`);
  }
  console.info(
    failed
      ? `\n${failed} of ${locales.length} locale(s) out of sync with ${sourceLocale} (${source.size} keys).`
      : `\nAll ${locales.length} locale(s) in sync with ${sourceLocale} (${source.size} keys).`,
  );
  return failed ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
