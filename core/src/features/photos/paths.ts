/**
 * The one module of photo route paths (docs/product.md#screens): the links the views build and
 * the route table's patterns come from here, so a path is spelled once.
 */
export const MY_PHOTOS_PATH = '/my-photos';
export const PHOTOS_PATH = `${MY_PHOTOS_PATH}/photos`;
export const ALBUMS_PATH = `${MY_PHOTOS_PATH}/albums`;
export const SHARED_ALBUMS_PATH = `${MY_PHOTOS_PATH}/shared-albums`;
/** Recently deleted (docs/product.md#recently-deleted). */
export const TRASH_PATH = `${MY_PHOTOS_PATH}/recently-deleted`;

export const albumPath = (albumId: string) => `${ALBUMS_PATH}/${albumId}`;
export const sharedAlbumPath = (albumId: string) => `${SHARED_ALBUMS_PATH}/${albumId}`;
export const photoPreviewPath = (photoId: string) => `${PHOTOS_PATH}/preview/${photoId}`;
export const albumPhotoPreviewPath = (albumId: string, photoId: string) =>
  `${albumPath(albumId)}/preview/${photoId}`;
export const sharedAlbumPhotoPreviewPath = (albumId: string, photoId: string) =>
  `${sharedAlbumPath(albumId)}/preview/${photoId}`;

/** The same paths as route patterns (`:id`, `:photoId` are the route parameters). */
export const PHOTO_ROUTES = {
  myPhotos: MY_PHOTOS_PATH,
  photos: PHOTOS_PATH,
  photoPreview: photoPreviewPath(':id'),
  albums: ALBUMS_PATH,
  album: albumPath(':id'),
  albumPhotoPreview: albumPhotoPreviewPath(':id', ':photoId'),
  sharedAlbum: sharedAlbumPath(':id'),
  sharedAlbumPhotoPreview: sharedAlbumPhotoPreviewPath(':id', ':photoId'),
  trash: TRASH_PATH,
} as const;

export type PhotoLibraryTab = 'photos' | 'albums' | 'trash';

/** The tab of each library tab's own page. */
export const PHOTO_LIBRARY_TAB_PATHS: Record<PhotoLibraryTab, string> = {
  photos: PHOTOS_PATH,
  albums: ALBUMS_PATH,
  trash: TRASH_PATH,
};

/** The library tab a path belongs to: albums and shared albums are under 'albums'. */
export function photoLibraryTab(pathname: string): PhotoLibraryTab {
  if (pathname.startsWith(TRASH_PATH)) return 'trash';
  return pathname.startsWith(ALBUMS_PATH) || pathname.startsWith(SHARED_ALBUMS_PATH)
    ? 'albums'
    : 'photos';
}
