import type { Photo } from '../../api/schemas/photo';
import { breakpointForWidth } from './grid-layout';
import { pickThumbnail, thumbnailSizeFor } from './thumbnails';

const thumb = (id: '300' | '800' | '1300', width: number, height: number) => ({
  id,
  url: `https://img.test/${id}.jpg`,
  width,
  height,
});
const photo: Pick<Photo, 'thumbnails'> = {
  thumbnails: [thumb('1300', 1300, 975), thumb('300', 300, 225), thumb('800', 800, 600)],
};

describe('the thumbnail-size rule (docs/product.md#limits)', () => {
  it.each([
    [390, 'small', 300],
    [574, 'small', 300],
    [575, 'medium', 300],
    [1023, 'medium', 300],
    [1024, 'large', 800],
    [1279, 'large', 800],
  ])('width %i is %s and uses %i px thumbnails', (width, breakpoint, size) => {
    expect(breakpointForWidth(width)).toBe(breakpoint);
    expect(thumbnailSizeFor(breakpointForWidth(width))).toBe(size);
  });

  it.each([
    ['large is always 800, even for small tiles', 'large', 150, 1, 800],
    ['xl at ratio 1 with 160 px tiles: 300 covers them', 'xl', 160, 1, 300],
    ['xl at ratio 1 with 300 px tiles: still 300', 'xl', 300, 1, 300],
    ['xl at ratio 1 with 380 px tiles: 800', 'xl', 380, 1, 800],
    ['xl on a retina screen: 800', 'xl', 160, 2, 800],
    ['medium on a retina screen: 300 (spec)', 'medium', 200, 2, 300],
  ] as const)('%s', (_name, breakpoint, tileSize, ratio, size) => {
    expect(thumbnailSizeFor(breakpoint, tileSize, ratio)).toBe(size);
  });
});

describe('picking a thumbnail', () => {
  it.each([
    [300, '300'],
    [800, '800'],
    [1300, '1300'],
  ] as const)('size %i picks the %s thumbnail', (size, id) => {
    expect(pickThumbnail(photo, size)?.id).toBe(id);
  });

  it('falls back to the next larger, then the largest thumbnail, then null', () => {
    expect(pickThumbnail({ thumbnails: [thumb('800', 800, 600)] }, 300)?.id).toBe('800');
    expect(pickThumbnail({ thumbnails: [thumb('300', 300, 225)] }, 800)?.id).toBe('300');
    expect(pickThumbnail({ thumbnails: [] }, 300)).toBeNull();
  });
});
