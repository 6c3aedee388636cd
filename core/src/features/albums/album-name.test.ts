import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { albumNameErrorKey, albumNameFormSchema, validateAlbumName } from './album-name';

describe('album name (docs/product.md#validation)', () => {
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

  // The form validates with zodResolver; the schema is zod/mini, which the resolver takes as zod 4 core.
  it('reaches react-hook-form through zodResolver with the same messages', async () => {
    const resolve = zodResolver(albumNameFormSchema);
    const options = { fields: {}, shouldUseNativeValidation: false };
    const invalid = await resolve({ name: 'a;b' }, undefined, options);
    expect(invalid.errors.name?.message).toBe('Name not valid');
    const empty = await resolve({ name: '' }, undefined, options);
    expect(empty.errors.name?.message).toBe('Please give your album a name');
    const valid = await resolve({ name: ' Trip ' }, undefined, options);
    expect(valid).toEqual({ errors: {}, values: { name: ' Trip ' } });
  });
});
