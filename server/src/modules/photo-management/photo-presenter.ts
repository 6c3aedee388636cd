import type { Photo, SharedPhoto, Thumbnail } from '@photo/core/api/schemas/photo';
import type { PhotosTable } from '../../db/tables/photos.ts';
import type { ImageUrlSigner } from './signing.ts';

/** The photo columns a response needs (no storage internals). */
export const PHOTO_COLUMNS = [
  'photos.id',
  'photos.user_id',
  'photos.upload_id',
  'photos.local_file_name',
  'photos.visible_width',
  'photos.visible_height',
  'photos.thumb_s_w',
  'photos.thumb_s_h',
  'photos.thumb_m_w',
  'photos.thumb_m_h',
  'photos.thumb_l_w',
  'photos.thumb_l_h',
  'photos.date_taken',
  'photos.created',
  'photos.upload_end',
] as const;

export type PhotoRow = Pick<
  PhotosTable,
  | 'id'
  | 'user_id'
  | 'upload_id'
  | 'local_file_name'
  | 'visible_width'
  | 'visible_height'
  | 'thumb_s_w'
  | 'thumb_s_h'
  | 'thumb_m_w'
  | 'thumb_m_h'
  | 'thumb_l_w'
  | 'thumb_l_h'
  | 'date_taken'
  | 'created'
  | 'upload_end'
>;

/** Image variants the image route serves. */
export const IMAGE_VARIANTS = ['original', 'download', '300', '800', '1300'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

/**
 * Turns rows into API photos with URLs signed for the viewer. Built by string concatenation
 * over precomputed parts: this runs for up to 500 photos per request.
 */
export class PhotoPresenter {
  private readonly base: string;
  private readonly signer: ImageUrlSigner;

  constructor(publicOrigin: string, signer: ImageUrlSigner) {
    this.base = `${publicOrigin}/api/photo/images/`;
    this.signer = signer;
  }

  present(row: PhotoRow, viewerId: string, expiry = this.signer.currentExpiry()): Photo {
    const query = `?u=${viewerId}&e=${expiry}&s=${this.signer.signature(row.id, viewerId, expiry)}`;
    const prefix = this.base + row.id + '/';
    const thumbnails: Thumbnail[] = [
      { id: '300', url: `${prefix}300${query}`, width: row.thumb_s_w, height: row.thumb_s_h },
      { id: '800', url: `${prefix}800${query}`, width: row.thumb_m_w, height: row.thumb_m_h },
      { id: '1300', url: `${prefix}1300${query}`, width: row.thumb_l_w, height: row.thumb_l_h },
    ];
    const photo: Photo = {
      imageId: row.id,
      uploadId: row.upload_id,
      localFileName: row.local_file_name,
      url: `${prefix}original${query}`,
      untouchedUrl: `${prefix}download${query}`,
      thumbnails,
      created: row.created,
      uploadEnd: row.upload_end,
    };
    if (row.date_taken !== null) photo.dateTaken = row.date_taken;
    if (row.visible_width !== null && row.visible_height !== null) {
      photo.visibleWidth = row.visible_width;
      photo.visibleHeight = row.visible_height;
    }
    return photo;
  }

  presentMany(rows: readonly PhotoRow[], viewerId: string): Photo[] {
    const expiry = this.signer.currentExpiry();
    return rows.map((row) => this.present(row, viewerId, expiry));
  }

  presentShared(rows: readonly PhotoRow[], viewerId: string): SharedPhoto[] {
    const expiry = this.signer.currentExpiry();
    return rows.map((row) => ({ ...this.present(row, viewerId, expiry), ownerId: row.user_id }));
  }
}
