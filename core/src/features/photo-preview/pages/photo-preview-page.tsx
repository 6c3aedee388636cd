import { Center, Loader } from '@mantine/core';

/** /my-photos/photos/preview/:id */
export function PhotoPreviewPage() {
  return (
    <Center h="100vh" bg="dark.9">
      <Loader />
    </Center>
  );
}

/** /my-photos/albums/:id/preview/:photoId */
export function AlbumPhotoPreviewPage() {
  return <PhotoPreviewPage />;
}

/** /my-photos/shared-albums/:id/preview/:photoId */
export function SharedAlbumPhotoPreviewPage() {
  return <PhotoPreviewPage />;
}
