import { describe, expect, it } from 'vitest';
import { albumNameErrorKey, validateAlbumName } from './album-name';

describe('album name (spec §5)', () => {
  it.each([
    ['', 'Please give your album a name'],
    ['   ', 'Name not valid'],
    ['\t', 'Name not valid'],
    ['a<b', 'Name not valid'],
    ['a>b', 'Name not valid'],
    ['Summer; 2024', 'Name not valid'],
    ['<script>', 'Name not valid'],
  ])('rejects %j with %j', (name, message) => {
    expect(validateAlbumName(name)).toBe(message);
  });

  it.each(['Holiday', ' Summer 2024 ', 'Ä & ö — "quotes"', 'x'])('accepts %j', (name) => {
    expect(validateAlbumName(name)).toBeUndefined();
  });

  it('maps the schema messages to translation keys', () => {
    expect(albumNameErrorKey('Please give your album a name')).toBe('albums.nameRequired');
    expect(albumNameErrorKey('Name not valid')).toBe('albums.nameInvalid');
    expect(albumNameErrorKey(undefined)).toBeUndefined();
  });
});
