import { MY_PHOTOS_PATH } from '../../features/photos/paths';

/** One entry of the side menu (docs/product.md#screens Side menu items). */
export type SideMenuItem =
  | { key: string; kind: 'route'; to: string; end?: boolean }
  | { key: string; kind: 'external'; href: string }
  | { key: 'signOut'; kind: 'signOut'; to: '/logout' };

export interface SideMenuInput {
  isBusiness: boolean;
  /** PhotoManagementTimelineViewEnabled (docs/product.md#roles-and-flags: also controls Saved photos). */
  timelineViewEnabled: boolean;
  faqUrl: string;
}

/**
 * docs/product.md#screens, in order: overview, My orders, Invoices (business), FTP instructions (business),
 * settings (business or normal variant), saved projects, saved photos (timeline flag),
 * widgets (non-business), FAQs (external), sign out. Keys are `shell.menu.*` texts.
 */
export function sideMenuItems({
  isBusiness,
  timelineViewEnabled,
  faqUrl,
}: SideMenuInput): SideMenuItem[] {
  const items: (SideMenuItem | false)[] = [
    { key: 'overview', kind: 'route', to: '/', end: true },
    { key: 'orders', kind: 'route', to: '/orders' },
    isBusiness && { key: 'invoices', kind: 'route', to: '/invoices' },
    isBusiness && { key: 'ftpInstructions', kind: 'route', to: '/integration' },
    { key: 'settings', kind: 'route', to: isBusiness ? '/settings/b2b' : '/settings' },
    { key: 'savedProjects', kind: 'route', to: '/saved-projects' },
    timelineViewEnabled && { key: 'savedPhotos', kind: 'route', to: MY_PHOTOS_PATH },
    !isBusiness && { key: 'widgets', kind: 'route', to: '/widgets' },
    { key: 'faqs', kind: 'external', href: faqUrl },
    { key: 'signOut', kind: 'signOut', to: '/logout' },
  ];
  return items.filter((item): item is SideMenuItem => item !== false);
}
