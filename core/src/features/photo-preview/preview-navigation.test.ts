import { describe, expect, it } from 'vitest';
import {
  neighbourIds,
  photoAfterDelete,
  previewPosition,
  previewVariant,
  validUploadUrl,
} from './preview-navigation';

const ids = ['a', 'b', 'c', 'd'];

describe('previewPosition', () => {
  it.each([
    ['a', 0, null, 'b'],
    ['b', 1, 'a', 'c'],
    ['d', 3, 'c', null],
  ])('%s is at %i with neighbours %s / %s', (id, index, previousId, nextId) => {
    expect(previewPosition(ids, id, false)).toEqual({ index, previousId, nextId, loadMore: false });
  });

  it('asks for the next page only at the last loaded photo when more exist', () => {
    expect(previewPosition(ids, 'd', true)?.loadMore).toBe(true);
    expect(previewPosition(ids, 'c', true)?.loadMore).toBe(false);
    expect(previewPosition(ids, 'd', false)?.loadMore).toBe(false);
  });

  it('is null for an unknown id or an empty list (redirect to the list)', () => {
    expect(previewPosition(ids, 'zzz', false)).toBeNull();
    expect(previewPosition([], 'a', false)).toBeNull();
  });
});

describe('photoAfterDelete (docs/product.md#screens)', () => {
  it.each([
    ['b', 'a'],
    ['c', 'b'],
    ['d', 'c'],
    ['a', 'b'],
  ])('after deleting %s shows %s', (deleted, shown) => {
    expect(photoAfterDelete(ids, deleted)).toBe(shown);
  });

  it('returns null when the last photo was deleted', () => {
    expect(photoAfterDelete(['a'], 'a')).toBeNull();
  });
});

describe('neighbourIds', () => {
  it('lists next and previous within the radius and inside the list', () => {
    expect(neighbourIds(ids, 0)).toEqual(['b']);
    expect(neighbourIds(ids, 2)).toEqual(['d', 'b']);
    expect(neighbourIds(ids, 1, 2)).toEqual(['c', 'a', 'd']);
  });
});

describe('validUploadUrl (docs/product.md#validation)', () => {
  it.each([
    ['https://example.com/upload?x=1', 'https://example.com/upload?x=1'],
    ['http://localhost:8080/a', 'http://localhost:8080/a'],
    ['javascript:alert(1)', null],
    ['ftp://example.com', null],
    ['/relative/path', null],
    ['not a url', null],
    ['', null],
    [null, null],
  ])('%j → %j', (input, expected) => {
    expect(validUploadUrl(input)).toBe(expected);
  });
});

describe('previewVariant', () => {
  it('uses the uploaded order only for the created sort key', () => {
    expect(previewVariant('created')).toBe('uploadedOrder');
    expect(previewVariant('dateTaken')).toBe('createdOrder');
  });
});
