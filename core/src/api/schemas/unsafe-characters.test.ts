import { albumNameSchema } from './album';
import { z } from 'zod/mini';
import {
  CONTROL_CHARACTERS_INVALID,
  hasControlCharacters,
  isBlankOrInvisible,
  noControlCharacters,
  stripUnsafeCharacters,
} from './unsafe-characters';

describe('unsafe characters', () => {
  it.each([
    ['', true],
    [' \t ', true],
    ['\u200B\u200C\u200D\uFEFF\u2060', true],
    ['\u3164 \u00AD', true],
    ['a', false],
    ['\u200Ba', false],
  ])('isBlankOrInvisible(%j) is %s', (text, expected) => {
    expect(isBlankOrInvisible(text)).toBe(expected);
  });

  it('strips control, bidirectional-control and invisible characters and nothing else', () => {
    expect(stripUnsafeCharacters('in\u202Evoice\u0007\u200B 2024 ✓.jpg')).toBe(
      'invoice 2024 ✓.jpg',
    );
    expect(stripUnsafeCharacters('Ünïcödé 写真')).toBe('Ünïcödé 写真');
  });
});

describe('albumNameSchema (the form and the server)', () => {
  it.each(['\u200B\u200B', 'a\u0000b', 'x\u202Ey', '\u2066x\u2069', ' \uFEFF '])(
    'refuses %j as "Name not valid"',
    (name) => {
      const result = albumNameSchema.safeParse(name);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain('Name not valid');
    },
  );

  it.each(['Holiday', 'Été 2024 🎉', '👨\u200D👩\u200D👧'])('accepts %j', (name) => {
    expect(albumNameSchema.safeParse(name).success).toBe(true);
  });
});

describe('noControlCharacters (names and free text that go into mails and headers)', () => {
  const name = z.string().check(noControlCharacters());
  const message = z.string().check(noControlCharacters({ lineBreaks: true }));

  it.each(['a\r\nBcc: x@example.com', 'a\nb', 'a\rb', 'a\u0000', '\u0085x', 'a\tb', 'x\u202Ey'])(
    'refuses %j in a name',
    (text) => {
      const result = name.safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_INVALID);
    },
  );

  it('allows line breaks, and only line breaks, in a multi-line message', () => {
    expect(message.safeParse('one\r\ntwo\nthree').success).toBe(true);
    expect(message.safeParse('one\u0000').success).toBe(false);
    expect(message.safeParse('x\u2066y').success).toBe(false);
  });

  it.each(['Zoë O’Brien', '佐藤 花子', '👨\u200D👩\u200D👧', 'Müller-Lüdenscheidt & Co.'])(
    'accepts %j',
    (text) => {
      expect(hasControlCharacters(text)).toBe(false);
      expect(name.safeParse(text).success).toBe(true);
    },
  );
});
