import {
  PHOTO_ROUTES,
  albumPhotoPreviewPath,
  photoLibraryTab,
  photoPreviewPath,
  sharedAlbumPhotoPreviewPath,
} from './paths';

describe('photo route paths (docs/product.md#screens)', () => {
  it('builds the routes of the route table', () => {
    expect(PHOTO_ROUTES).toEqual({
      myPhotos: '/my-photos',
      photos: '/my-photos/photos',
      photoPreview: '/my-photos/photos/preview/:id',
      albums: '/my-photos/albums',
      album: '/my-photos/albums/:id',
      albumPhotoPreview: '/my-photos/albums/:id/preview/:photoId',
      sharedAlbum: '/my-photos/shared-albums/:id',
      sharedAlbumPhotoPreview: '/my-photos/shared-albums/:id/preview/:photoId',
      trash: '/my-photos/recently-deleted',
    });
    expect(photoPreviewPath('p')).toBe('/my-photos/photos/preview/p');
    expect(albumPhotoPreviewPath('a', 'p')).toBe('/my-photos/albums/a/preview/p');
    expect(sharedAlbumPhotoPreviewPath('a', 'p')).toBe('/my-photos/shared-albums/a/preview/p');
  });

  it.each([
    ['/my-photos', 'photos'],
    ['/my-photos/photos', 'photos'],
    ['/my-photos/albums', 'albums'],
    ['/my-photos/albums/a', 'albums'],
    ['/my-photos/shared-albums/a', 'albums'],
    ['/my-photos/recently-deleted', 'trash'],
  ] as const)('%s is on the %s tab', (path, tab) => {
    expect(photoLibraryTab(path)).toBe(tab);
  });
});
