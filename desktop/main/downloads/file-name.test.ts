import { describe, expect, it } from 'vitest';
import { ensureExtension, sanitizeFileName } from './file-name';

describe('sanitizeFileName', () => {
  it.each([
    ['holiday.zip', 'holiday.zip'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['/absolute/path/photo.jpg', 'photo.jpg'],
    ['.hidden', 'hidden'],
    ['...', 'download'],
    ['', 'download'],
    ['new\nline\u0000.zip', 'new_line_.zip'],
    ['NUL.txt', '_NUL.txt'],
    ['trailing. ', 'trailing'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('bounds the length and keeps the extension', () => {
    const name = sanitizeFileName(`${'a'.repeat(500)}.zip`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.zip')).toBe(true);
  });

  it('adds an extension only when missing', () => {
    expect(ensureExtension('a', '.zip')).toBe('a.zip');
    expect(ensureExtension('a.ZIP', '.zip')).toBe('a.ZIP');
  });
});
