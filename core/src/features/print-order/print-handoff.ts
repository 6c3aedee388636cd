/** docs/product.md#limits: the print product and the minimum time the 'Adding … to editor' overlay shows. */
export const PRINT_PRODUCT_CODE = 'PAP_910';
export const EDITOR_HANDOFF_MIN_MS = 3000;
export const MISSING_CHANNEL_MESSAGE = 'Unable to extract channel ID!';

/**
 * The storefront editor address for a temp selection: the brand's EditorUrl with the product,
 * the sales channel and the selection id as query parameters.
 */
export function buildEditorUrl(
  editorUrl: string,
  {
    channel,
    tempSelectionId,
    productCode = PRINT_PRODUCT_CODE,
  }: { channel: string | null | undefined; tempSelectionId: string; productCode?: string },
): string {
  if (!channel) throw new Error(MISSING_CHANNEL_MESSAGE);
  const url = new URL(editorUrl);
  url.searchParams.set('productCode', productCode);
  url.searchParams.set('channel', channel);
  url.searchParams.set('tempSelectionId', tempSelectionId);
  return url.toString();
}

/** Resolves after both the work and the minimum delay are done (the overlay never flashes). */
export async function atLeast<T>(work: Promise<T>, ms: number): Promise<T> {
  const [result] = await Promise.all([work, new Promise((resolve) => setTimeout(resolve, ms))]);
  return result;
}
