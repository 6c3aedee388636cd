import { Children, isValidElement, Suspense } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createRoutesFromChildren,
  matchRoutes,
  Navigate,
  Route,
  useRoutes,
} from 'react-router-dom';
import { AccountArea } from './shell/account-area';
import { AccountLayout } from './shell/account-layout';
import { AuthenticatedShell } from './shell/authenticated-shell';
import { BusinessOnly, ConsumerOnly, FlagRoute } from './shell/route-guards';
import { PublicLayout } from './shell/public-layout';
import { PHOTO_ROUTES } from '../features/photos/paths';
import { LoadingScreen } from '../ui/loading-screen';
import { routePage } from './route-page';
import type { RoutePage } from './route-page';

/** Route-level code splitting: each page is its own chunk (route-page.tsx). */
const page = routePage;

const AccountDeletedPage = page(
  () => import('../features/confirmations/pages/account-deleted-page'),
  'AccountDeletedPage',
);
const ChangeEmailSuccessPage = page(
  () => import('../features/confirmations/pages/change-email-success-page'),
  'ChangeEmailSuccessPage',
);
const SubscriptionConfirmationPage = page(
  () => import('../features/confirmations/pages/subscription-confirmation-page'),
  'SubscriptionConfirmationPage',
);
const SubscriptionSuccessPage = page(
  () => import('../features/confirmations/pages/subscription-success-page'),
  'SubscriptionSuccessPage',
);
const DoubleOptInErrorPage = page(
  () => import('../features/errors/error-pages'),
  'DoubleOptInErrorPage',
);
const DeleteAccountErrorPage = page(
  () => import('../features/errors/error-pages'),
  'DeleteAccountErrorPage',
);
const ChangeEmailErrorPage = page(
  () => import('../features/errors/error-pages'),
  'ChangeEmailErrorPage',
);
const DeleteAccountConfirmationPage = page(
  () => import('../features/confirmations/pages/delete-account-confirmation-page'),
  'DeleteAccountConfirmationPage',
);
const ChangeEmailConfirmationPage = page(
  () => import('../features/confirmations/pages/change-email-confirmation-page'),
  'ChangeEmailConfirmationPage',
);
const LogoutPage = page(() => import('../features/confirmations/pages/logout-page'), 'LogoutPage');

const OverviewPage = page(
  () => import('../features/account-overview/pages/overview-page'),
  'OverviewPage',
);
const SavedProjectsPage = page(
  () => import('../features/saved-projects/pages/saved-projects-page'),
  'SavedProjectsPage',
);
const OrdersPage = page(() => import('../features/orders/pages/orders-page'), 'OrdersPage');
const OrderDetailPage = page(
  () => import('../features/orders/pages/order-detail-page'),
  'OrderDetailPage',
);
const DownloadsPage = page(
  () => import('../features/orders/pages/downloads-page'),
  'DownloadsPage',
);
const OnlineProductsPage = page(
  () => import('../features/orders/pages/online-products-page'),
  'OnlineProductsPage',
);
const OnlineProductPage = page(
  () => import('../features/orders/pages/online-products-page'),
  'OnlineProductPage',
);
const InvoicesPage = page(() => import('../features/invoices/pages/invoices-page'), 'InvoicesPage');
const IntegrationPage = page(
  () => import('../features/settings/pages/integration-page'),
  'IntegrationPage',
);
const WidgetsPage = page(() => import('../features/widgets/pages/widgets-page'), 'WidgetsPage');
const SettingsPage = page(() => import('../features/settings/pages/settings-page'), 'SettingsPage');
const EmailSettingsPage = page(
  () => import('../features/settings/pages/email-settings-page'),
  'EmailSettingsPage',
);
const PersonalDetailsPage = page(
  () => import('../features/settings/pages/personal-details-page'),
  'PersonalDetailsPage',
);
const PaymentMethodPage = page(
  () => import('../features/settings/pages/payment-method-page'),
  'PaymentMethodPage',
);
const AddressesPage = page(
  () => import('../features/settings/pages/addresses-page'),
  'AddressesPage',
);
const NewAddressPage = page(
  () => import('../features/settings/pages/address-form-page'),
  'NewAddressPage',
);
const ChangeAddressPage = page(
  () => import('../features/settings/pages/address-form-page'),
  'ChangeAddressPage',
);

const MyPhotosPage = page(
  () => import('../features/photo-library/pages/my-photos-page'),
  'MyPhotosPage',
);
const AlbumsPage = page(() => import('../features/photo-library/pages/albums-page'), 'AlbumsPage');
const AlbumPage = page(() => import('../features/photo-library/pages/album-page'), 'AlbumPage');
const SharedAlbumPage = page(
  () => import('../features/photo-library/pages/shared-album-page'),
  'SharedAlbumPage',
);
const RecentlyDeletedPage = page(
  () => import('../features/photo-library/pages/recently-deleted-page'),
  'RecentlyDeletedPage',
);
const PhotoPreviewPage = page(
  () => import('../features/photo-preview/pages/photo-preview-page'),
  'PhotoPreviewPage',
);
const AlbumPhotoPreviewPage = page(
  () => import('../features/photo-preview/pages/photo-preview-page'),
  'AlbumPhotoPreviewPage',
);
const SharedAlbumPhotoPreviewPage = page(
  () => import('../features/photo-preview/pages/photo-preview-page'),
  'SharedAlbumPhotoPreviewPage',
);

/** For what a page itself suspends on without a boundary of its own. */
function Lazy({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<LoadingScreen label={t('common.loading')} />}>{children}</Suspense>;
}

const el = (Component: RoutePage) => (
  <Lazy>
    <Component />
  </Lazy>
);

/**
 * docs/product.md#screens route table, in its order: the public pages, then the authenticated shell (the
 * confirmation handlers, logout, the header-less preview routes), then the account area.
 */
export function AppRoutes() {
  // `<Routes>` would turn the whole JSX tree into route objects again on every render.
  return useRoutes(routeObjectsOf());
}

const routeTree = (
  <>
    <Route element={<PublicLayout />}>
      <Route path="/account-deleted" element={el(AccountDeletedPage)} />
      <Route path="/change-email-success" element={el(ChangeEmailSuccessPage)} />
      <Route path="/subscription-confirmation" element={el(SubscriptionConfirmationPage)} />
      <Route path="/subscription-confirmation-success" element={el(SubscriptionSuccessPage)} />
      <Route path="/subscription-confirmation-error" element={el(DoubleOptInErrorPage)} />
    </Route>

    <Route element={<AuthenticatedShell />}>
      <Route path="/delete-account-confirmation" element={el(DeleteAccountConfirmationPage)} />
      <Route path="/change-email-confirmation" element={el(ChangeEmailConfirmationPage)} />
      <Route path="/logout" element={el(LogoutPage)} />
      {/* Preview routes: no header or footer; each only with its flag, else back to '/'. */}
      <Route
        path={PHOTO_ROUTES.photoPreview}
        element={
          <FlagRoute flag="PhotoManagementTimelineViewEnabled">{el(PhotoPreviewPage)}</FlagRoute>
        }
      />
      <Route
        path={PHOTO_ROUTES.albumPhotoPreview}
        element={
          <FlagRoute flag="PhotoManagementAlbumViewEnabled">{el(AlbumPhotoPreviewPage)}</FlagRoute>
        }
      />
      <Route
        path={PHOTO_ROUTES.sharedAlbumPhotoPreview}
        element={
          <FlagRoute flag="PhotoManagementSharedAlbumsViewEnabled">
            {el(SharedAlbumPhotoPreviewPage)}
          </FlagRoute>
        }
      />

      <Route element={<AccountLayout />}>
        <Route path="/delete-account-error" element={el(DeleteAccountErrorPage)} />
        <Route path="/change-email-error" element={el(ChangeEmailErrorPage)} />

        <Route element={<AccountArea />}>
          <Route index element={el(OverviewPage)} />
          <Route path="/saved-projects" element={el(SavedProjectsPage)} />
          <Route path="/orders" element={el(OrdersPage)} />
          <Route path="/orders/:orderCode" element={el(OrderDetailPage)} />
          <Route path="/downloads" element={el(DownloadsPage)} />
          <Route path="/invoices" element={<BusinessOnly>{el(InvoicesPage)}</BusinessOnly>} />
          <Route path="/integration" element={<BusinessOnly>{el(IntegrationPage)}</BusinessOnly>} />
          <Route path="/online-products" element={el(OnlineProductsPage)} />
          <Route path="/online-products/:productCode" element={el(OnlineProductPage)} />

          <Route path={PHOTO_ROUTES.myPhotos} element={el(MyPhotosPage)} />
          <Route path={PHOTO_ROUTES.photos} element={el(MyPhotosPage)} />
          <Route path={PHOTO_ROUTES.albums} element={el(AlbumsPage)} />
          <Route path={PHOTO_ROUTES.album} element={el(AlbumPage)} />
          <Route path={PHOTO_ROUTES.sharedAlbum} element={el(SharedAlbumPage)} />
          <Route
            path={PHOTO_ROUTES.trash}
            element={
              <FlagRoute flag="PhotoManagementTimelineViewEnabled">
                {el(RecentlyDeletedPage)}
              </FlagRoute>
            }
          />

          <Route
            path="/settings"
            element={<ConsumerOnly redirectTo="/settings/b2b">{el(SettingsPage)}</ConsumerOnly>}
          />
          <Route
            path="/settings/b2b"
            element={<BusinessOnly redirectTo="/settings">{el(SettingsPage)}</BusinessOnly>}
          />
          <Route path="/settings/email" element={el(EmailSettingsPage)} />
          <Route
            path="/settings/b2b/email"
            element={
              <BusinessOnly redirectTo="/settings/email">{el(EmailSettingsPage)}</BusinessOnly>
            }
          />
          <Route path="/settings/personal-details" element={el(PersonalDetailsPage)} />
          <Route path="/settings/payment-method" element={el(PaymentMethodPage)} />
          <Route path="/settings/addresses/all" element={el(AddressesPage)} />
          <Route
            path="/settings/new-address"
            element={
              <ConsumerOnly redirectTo="/settings/b2b/new-address">
                {el(NewAddressPage)}
              </ConsumerOnly>
            }
          />
          <Route
            path="/settings/address/:addressId?"
            element={
              <ConsumerOnly redirectTo="/settings/b2b/address">
                {el(ChangeAddressPage)}
              </ConsumerOnly>
            }
          />
          <Route
            path="/settings/b2b/new-address"
            element={
              <BusinessOnly redirectTo="/settings/new-address">{el(NewAddressPage)}</BusinessOnly>
            }
          />
          <Route
            path="/settings/b2b/address/:addressId?"
            element={
              <BusinessOnly redirectTo="/settings/address">{el(ChangeAddressPage)}</BusinessOnly>
            }
          />

          <Route path="/widgets" element={<ConsumerOnly>{el(WidgetsPage)}</ConsumerOnly>} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Route>
    </Route>
  </>
);

/** The page a route element shows (inside its `Lazy` and any guards), if it is a route page. */
function pageOf(node: ReactNode): RoutePage | undefined {
  for (const child of Children.toArray(node)) {
    if (!isValidElement<{ children?: ReactNode }>(child)) continue;
    if (typeof child.type === 'function' && 'preload' in child.type) return child.type as RoutePage;
    const inner = pageOf(child.props.children);
    if (inner) return inner;
  }
  return undefined;
}

let routeObjects: ReturnType<typeof createRoutesFromChildren> | undefined;

/** The route table as React Router's route objects, made once. */
function routeObjectsOf() {
  return (routeObjects ??= createRoutesFromChildren(routeTree));
}

/**
 * Starts loading the page of `pathname` and returns it (docs/architecture.md "Boot"): called while the app
 * still waits for its config and texts, so the page's module is in by the time the routes
 * render, and the page paints in the same commit as the shell instead of after a loading screen.
 */
export function preloadRoutePage(pathname: string): RoutePage | undefined {
  const page = pageOf(matchRoutes(routeObjectsOf(), pathname)?.at(-1)?.route.element);
  // Not fatal here: the route's own render loads it again and fails there if it must.
  page?.preload().catch(() => undefined);
  return page;
}
