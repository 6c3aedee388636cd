/**
 * The address patterns whose page chunk the server names in `<link rel="modulepreload">`, each
 * with its page chunk's name (the page module's file name). The build lists, per pattern, that
 * chunk, the chunks it imports beyond the entry's and their CSS in `route-preloads.json`; the
 * server writes them into index.html for an address the pattern matches (`:name` is one path
 * segment), so a page's code downloads with the entry (docs/architecture.md "Boot").
 *
 * Without a hint the entry's own route preload (`preloadRoutePage`) asks for the same chunks,
 * but only once the framework has run, and each `<link>` Vite's loader appends then costs the
 * start-up task time on the main thread (about 5 ms each at a phone's 4x slowdown).
 * `route-preloads.test.ts` checks every pattern against the app's route table.
 */
export const PRELOADED_ROUTES: Record<string, string> = {
  '/account-deleted': 'account-deleted-page',
  '/change-email-success': 'change-email-success-page',
  '/subscription-confirmation': 'subscription-confirmation-page',
  '/subscription-confirmation-success': 'subscription-success-page',
  '/delete-account-confirmation': 'delete-account-confirmation-page',
  '/change-email-confirmation': 'change-email-confirmation-page',
  '/logout': 'logout-page',
  '/': 'overview-page',
  '/my-photos': 'my-photos-page',
  '/my-photos/photos': 'my-photos-page',
  '/my-photos/photos/preview/:id': 'photo-preview-page',
  '/my-photos/albums': 'albums-page',
  '/my-photos/albums/:id': 'album-page',
  '/my-photos/albums/:id/preview/:photoId': 'photo-preview-page',
  '/my-photos/shared-albums/:id': 'shared-album-page',
  '/my-photos/shared-albums/:id/preview/:photoId': 'photo-preview-page',
  '/my-photos/recently-deleted': 'recently-deleted-page',
  '/orders': 'orders-page',
  '/orders/:orderCode': 'order-detail-page',
  '/downloads': 'downloads-page',
  '/invoices': 'invoices-page',
  '/integration': 'integration-page',
  '/online-products': 'online-products-page',
  '/online-products/:productCode': 'online-products-page',
  '/saved-projects': 'saved-projects-page',
  '/settings': 'settings-page',
  '/settings/b2b': 'settings-page',
  '/settings/email': 'email-settings-page',
  '/settings/b2b/email': 'email-settings-page',
  '/settings/personal-details': 'personal-details-page',
  '/settings/payment-method': 'payment-method-page',
  '/settings/addresses/all': 'addresses-page',
  '/settings/new-address': 'address-form-page',
  '/settings/b2b/new-address': 'address-form-page',
  '/settings/address': 'address-form-page',
  '/settings/address/:addressId': 'address-form-page',
  '/settings/b2b/address': 'address-form-page',
  '/settings/b2b/address/:addressId': 'address-form-page',
  '/widgets': 'widgets-page',
};
