/**
 * Image types the upload accepts (docs/product.md#validation). Here, not with the photo schemas:
 * the web platform imports this module at start, and the schemas would come with it.
 */
export const ACCEPTED_IMAGE_TYPES = ['image/heic', 'image/jpeg', 'image/png'] as const;

/**
 * Extensions that make a file without a declared type count as HEIC: browsers and systems often
 * report no type for HEIC (docs/product.md#validation).
 */
const HEIC_EXTENSION = /\.(heic|heif)$/i;

/** What the file pickers and the drop area ask for: the three types, HEIC also by extension. */
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_IMAGE_TYPES, '.heic', '.heif'].join(',');

/**
 * The type a picked file is uploaded as, or null when the product does not take it: only
 * image/heic, image/jpeg and image/png (image/heif counts as HEIC), and a file without a type
 * named `.heic`/`.heif`. The server judges the content in the end.
 */
export function acceptedImageType(file: { name: string; type: string }): string | null {
  const type = file.type.toLowerCase();
  if (type === 'image/heif') return 'image/heic';
  if ((ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type)) return type;
  if (type === '' && HEIC_EXTENSION.test(file.name)) return 'image/heic';
  return null;
}
