/** Routes of docs/product.md#screens used by the albums and the preview. */
export const ALBUMS_PATH = '/my-photos/albums';
export const PHOTOS_PATH = '/my-photos/photos';

export const albumPath = (albumId: string) => `${ALBUMS_PATH}/${albumId}`;
export const sharedAlbumPath = (albumId: string) => `/my-photos/shared-albums/${albumId}`;
export const photoPreviewPath = (photoId: string) => `${PHOTOS_PATH}/preview/${photoId}`;
export const albumPhotoPreviewPath = (albumId: string, photoId: string) =>
  `${albumPath(albumId)}/preview/${photoId}`;
export const sharedAlbumPhotoPreviewPath = (albumId: string, photoId: string) =>
  `${sharedAlbumPath(albumId)}/preview/${photoId}`;
