import { screen, within } from '@testing-library/react';
import { businessClaims, demoClaims } from '../../testing/fake-platform';
import { renderShell } from '../../testing/render-shell';
import { sideMenuItems } from './menu-items';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const links = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Account menu' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [
      link.textContent?.replace(' (opens in a new tab)', ''),
      link.getAttribute('href'),
    ]);
};

describe('side menu (docs/product.md#screens)', () => {
  it('normal account with the timeline flag: widgets and normal settings, no business items', async () => {
    await renderShell({ claims: demoClaims, hostname: 'photobox-uk.localhost', path: '/orders' });
    expect(await links()).toEqual([
      ['Overview', '/'],
      ['My orders', '/orders'],
      ['Settings', '/settings'],
      ['Saved projects', '/saved-projects'],
      ['Saved photos', '/my-photos'],
      ['Widgets', '/widgets'],
      ['FAQs', 'https://www.photobox.co.uk/help'],
      ['Sign out', '/logout'],
    ]);
  });

  it('business account: invoices, FTP instructions, business settings, no widgets', async () => {
    await renderShell({
      claims: businessClaims,
      hostname: 'photobox-uk.localhost',
      path: '/orders',
    });
    expect(await links()).toEqual([
      ['Overview', '/'],
      ['My orders', '/orders'],
      ['Invoices', '/invoices'],
      ['FTP instructions', '/integration'],
      ['Settings', '/settings/b2b'],
      ['Saved projects', '/saved-projects'],
      ['Saved photos', '/my-photos'],
      ['FAQs', 'https://www.photobox.co.uk/help'],
      ['Sign out', '/logout'],
    ]);
  });

  it('timeline flag off (host not listed): no Saved photos', async () => {
    await renderShell({ claims: demoClaims, hostname: 'albelli-nl.localhost', path: '/orders' });
    const names = (await links()).map(([name]) => name);
    expect(names).not.toContain('Saved photos');
    expect(names).toContain('Widgets');
  });

  it('timeline flag forced on by a local-storage override', async () => {
    await renderShell({
      claims: demoClaims,
      hostname: 'albelli-nl.localhost',
      path: '/orders',
      storage: { PhotoManagementTimelineViewEnabled: 'true' },
    });
    expect((await links()).map(([name]) => name)).toContain('Saved photos');
  });

  it('marks the current page', async () => {
    await renderShell({ claims: demoClaims, hostname: 'photobox-uk.localhost', path: '/orders' });
    const nav = await screen.findByRole('navigation', { name: 'Account menu' });
    expect(within(nav).getByRole('link', { name: 'My orders' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('stripped=true: no header, footer or side menu', async () => {
    await renderShell({
      claims: demoClaims,
      hostname: 'photobox-uk.localhost',
      path: '/orders?stripped=true',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Account menu' })).toBeNull();
  });
});

describe('sideMenuItems', () => {
  it('uses the FAQ route it is given', () => {
    const items = sideMenuItems({
      isBusiness: false,
      timelineViewEnabled: false,
      faqUrl: 'https://x.test/faq',
    });
    expect(items.find((item) => item.key === 'faqs')).toEqual({
      key: 'faqs',
      kind: 'external',
      href: 'https://x.test/faq',
    });
  });
});
