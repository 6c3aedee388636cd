/** docs/product.md#limits: the archive-started toast closes after 5 s, the other archive toasts after 10 s. */
export const ARCHIVE_STARTED_TOAST_MS = 5_000;
export const ARCHIVE_TOAST_MS = 10_000;
