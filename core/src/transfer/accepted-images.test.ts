// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ACCEPT_ATTRIBUTE, acceptedImageType } from './accepted-images';

describe('acceptedImageType', () => {
  it.each([
    ['a.jpg', 'image/jpeg', 'image/jpeg'],
    ['a.PNG', 'image/png', 'image/png'],
    ['a.heic', 'image/heic', 'image/heic'],
    ['a.heif', 'image/heif', 'image/heic'],
    ['IMG_1.HEIC', '', 'image/heic'],
    ['IMG_1.heif', '', 'image/heic'],
    ['a.gif', 'image/gif', null],
    ['notes.txt', 'text/plain', null],
    ['no-extension', '', null],
    ['photo.jpg', '', null],
  ])('%s (%s) → %s', (name, type, expected) => {
    expect(acceptedImageType({ name, type })).toBe(expected);
  });

  it('asks pickers for the three types and the HEIC extensions', () => {
    expect(ACCEPT_ATTRIBUTE).toBe('image/heic,image/jpeg,image/png,.heic,.heif');
  });
});
