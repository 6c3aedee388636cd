import { describe, expect, it } from 'vitest';
import { albumNameOf } from './album-client';

describe('albumNameOf', () => {
  it('keeps a folder name the album API takes', () => {
    expect(albumNameOf('Holiday 2026')).toBe('Holiday 2026');
  });

  it('drops what album names may not hold, and falls back when nothing is left', () => {
    expect(albumNameOf('a<b>c;d')).toBe('a b c d');
    expect(albumNameOf('tab\there\u202Eend')).toBe('tab here end');
    expect(albumNameOf('x'.repeat(300))).toHaveLength(255);
    expect(albumNameOf('<;>', 'Camera')).toBe('Camera');
  });
});
