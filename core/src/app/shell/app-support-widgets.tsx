import { useLocation } from 'react-router-dom';
import { MY_PHOTOS_PATH } from '../../features/photos/paths';
import { SupportWidgets } from '../../features/support-widgets/support-widgets';

/**
 * The photo pages (My photos, albums, shared albums and every preview, all below /my-photos)
 * show no chat (docs/product.md "Page furniture"); the widgets know no routes, so the app says.
 */
export function isPhotoPage(pathname: string): boolean {
  return pathname === MY_PHOTOS_PATH || pathname.startsWith(`${MY_PHOTOS_PATH}/`);
}

export function AppSupportWidgets() {
  const { pathname } = useLocation();
  return <SupportWidgets chatHidden={isPhotoPage(pathname)} />;
}
