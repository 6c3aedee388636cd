import type { TFunction } from 'i18next';
import type { Photo } from '../../api/schemas/photo';
import { formatWithLocale } from '../../lib/dates';
import type { PreviewVariant } from './preview-navigation';

/** docs/product.md#screens: dates in the preview read 'dd MMM yyyy'. */
export const PREVIEW_DATE_PATTERN = 'dd MMM yyyy';

/**
 * The date line of the preview: the uploaded-order variant says when the photo was added, the
 * created-order variant when it was taken ('Unknown Date' for photos without one, filed under
 * January 1970).
 */
export function photoDateText(
  photo: Pick<Photo, 'uploadEnd' | 'created' | 'dateTaken'>,
  variant: PreviewVariant,
  locale: string,
  t: TFunction,
): string {
  if (variant === 'uploadedOrder') {
    const date = new Date(photo.uploadEnd ?? photo.created);
    return t('preview.uploaded', { date: formatWithLocale(date, PREVIEW_DATE_PATTERN, locale) });
  }
  if (!photo.dateTaken || new Date(photo.dateTaken).getUTCFullYear() === 1970)
    return t('preview.unknownDate');
  return t('preview.taken', {
    date: formatWithLocale(new Date(photo.dateTaken), PREVIEW_DATE_PATTERN, locale),
  });
}
