import type { Photo, PhotoPage, SharedPhoto } from '../api/schemas/photo';
import type { PhotoUser } from '../api/schemas/photo-user';

/** A valid uuid whose last block counts up, so fixtures have stable, distinct ids. */
export const fixtureId = (n: number, prefix = '0b5e3f5a-6f1e-4c9e-9a51') =>
  `${prefix}-${String(n).padStart(12, '0')}`;

const thumb = (id: '300' | '800' | '1300', n: number) => ({
  id,
  url: `https://img.test/${n}/${id}.jpg`,
  width: Number(id),
  height: Math.round(Number(id) * 0.75),
});

/** Photo `n` (1-based) as the photo API sends it: three thumbnails, taken in March 2024. */
export function photoFixture(n: number, overrides: Partial<Photo> = {}): Photo {
  return {
    imageId: fixtureId(n),
    uploadId: fixtureId(n, '1b5e3f5a-6f1e-4c9e-9a51'),
    localFileName: `photo-${n}.jpg`,
    url: `https://img.test/${n}.jpg`,
    untouchedUrl: `https://img.test/${n}-original.jpg`,
    thumbnails: [thumb('300', n), thumb('800', n), thumb('1300', n)],
    dateTaken: '2024-03-10T10:00:00.000Z',
    created: '2024-04-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Photos `from`..`to` (inclusive). */
export function photoFixtures(from: number, to: number): Photo[] {
  return Array.from({ length: to - from + 1 }, (_, i) => photoFixture(from + i));
}

export function sharedPhotoFixture(n: number, ownerId = 'friend-1'): SharedPhoto {
  return { ...photoFixture(n), ownerId };
}

export function photoPageFixture(images: Photo[], cursor: string | null = null): PhotoPage {
  return { cursor, images };
}

/** GET /users of the photo API: counts for the tabs. */
export function photoUserFixture(overrides: Partial<PhotoUser> = {}): PhotoUser {
  return {
    userId: 'user-1',
    photosCount: 12,
    albumsCount: 3,
    status: 'ACTIVE',
    sharedAlbums: { readAlbumsCount: 2, grantedAlbumsCount: 1 },
    ...overrides,
  };
}
