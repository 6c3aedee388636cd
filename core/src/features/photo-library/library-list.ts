import { useCallback, useEffect } from 'react';
import type { SortingOptions } from '../../api/schemas/paging';
import type { Photo } from '../../api/schemas/photo';

/** What the library page asks of the list it shows (the timeline or the flat list). */
export interface PhotoListHandle {
  /** Loaded photos in display order (select all, Ctrl/Cmd+A). */
  loadedPhotos: () => Photo[];
  /** Keys of the month sections on screen now (none for the flat list). */
  visibleSectionKeys: () => string[];
}

/** What the library page gives either list. */
export interface LibraryListProps {
  sort: SortingOptions;
  /** With the photo's month section, when opened from the timeline. */
  onOpen: (photo: Photo, month?: string) => void;
  /** Receives the list's handle while it is mounted. */
  handleRef: { current: PhotoListHandle | null };
}

/**
 * Hands the page the list's handle while the list is mounted; returns the loaded photos' ids in
 * display order (the tiles' shift-click ranges).
 */
export function useLibraryListHandle(
  handleRef: LibraryListProps['handleRef'],
  loadedPhotos: () => Photo[],
  visibleSectionKeys: () => string[] = noSections,
): () => string[] {
  useEffect(() => {
    handleRef.current = { loadedPhotos, visibleSectionKeys };
    return () => {
      handleRef.current = null;
    };
  }, [handleRef, loadedPhotos, visibleSectionKeys]);
  return useCallback(() => loadedPhotos().map((photo) => photo.imageId), [loadedPhotos]);
}

const noSections = () => [];
