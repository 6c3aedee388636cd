/* eslint-disable no-misleading-character-class -- each listed code point is meant on its own, combining ones included */
import { z } from 'zod/mini';

/**
 * Characters that make a user-supplied name lie about itself (docs/product.md#validation):
 * control characters, the bidirectional embeddings, overrides and isolates that reorder what
 * follows them (`invoice\u202Egpj.exe` shows as `invoiceexe.jpg`), and characters that take no
 * room. Album names refuse the first two and names made only of the last; file names have all
 * three removed before anyone else receives them.
 */

/** C0 and C1 control characters and DEL. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Bidirectional embeddings, overrides (U+202A–202E) and isolates (U+2066–2069). */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * Characters that show nothing: zero-width space, joiners and marks (U+200B–200F), word joiner
 * and invisible operators (U+2060–2064), the byte-order mark, soft hyphen, combining grapheme
 * joiner, Arabic letter mark, Hangul fillers, Mongolian vowel separator, Khmer inherent vowels
 * and the Braille blank.
 */
export const INVISIBLE_CHARACTERS =
  /[\u200b-\u200f\u2060-\u2064\ufeff\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u3164\uffa0\u2800]/;

const INVISIBLE_GLOBAL = new RegExp(INVISIBLE_CHARACTERS.source, 'g');
const ANY_UNSAFE = new RegExp(
  [CONTROL_CHARACTERS, BIDI_CONTROLS, INVISIBLE_CHARACTERS].map((re) => re.source).join('|'),
  'g',
);

/** True when nothing visible is left once blanks and invisible characters are taken out. */
export function isBlankOrInvisible(text: string): boolean {
  return text.replace(INVISIBLE_GLOBAL, '').trim() === '';
}

/** `text` without control, bidirectional-control and invisible characters. */
export function stripUnsafeCharacters(text: string): string {
  return text.replace(ANY_UNSAFE, '');
}

/** The message of {@link noControlCharacters}; the field is named by the error's path. */
export const CONTROL_CHARACTERS_INVALID = 'Must not contain control characters';

/**
 * True when `text` holds a control or bidirectional-control character. With `lineBreaks`, CR and
 * LF are allowed (a multi-line message); every other control character still counts.
 */
export function hasControlCharacters(text: string, { lineBreaks = false } = {}): boolean {
  const checked = lineBreaks ? text.replace(/[\r\n]/g, '') : text;
  return CONTROL_CHARACTERS.test(checked) || BIDI_CONTROLS.test(checked);
}

/**
 * The one rule for names and free text that end up in a mail or a header (docs/product.md#validation):
 * no control or bidirectional-control characters, so a CR/LF cannot start a header or a forged
 * line and nothing reorders what the recipient reads. Use it in every such schema:
 * `z.string().check(noControlCharacters())`.
 */
export function noControlCharacters(
  options: { lineBreaks?: boolean; message?: string } = {},
): z.core.$ZodCheck<string> {
  return z.refine(
    (text: string) => !hasControlCharacters(text, options),
    options.message ?? CONTROL_CHARACTERS_INVALID,
  );
}
