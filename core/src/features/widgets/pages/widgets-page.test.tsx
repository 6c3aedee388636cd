import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GalleryEntry, Widget } from '../../../api/schemas/widget';
import { json } from '../../../testing/mock-fetch';
import { renderFeature } from '../../../testing/render-feature';
import { widgetsApi } from '../api';
import { selectGalleryRequests, selectWidgetDeleteState } from '../widgets-slice';
import { GalleryPanel } from '../components/gallery-panel';
import { WidgetsPage } from './widgets-page';

const widget = (code: string, title: string): Widget => ({
  id: `00000000-0000-4000-8000-0000000000${code.slice(-2)}`,
  code,
  orderCode: code.split('-')[0]!,
  title,
  articleType: 'BOOK_HC_A4',
  vendorId: 'photobox',
  shopUrl: 'https://www.photobox.co.uk/all-products?article=BOOK_HC_A4',
  createdAt: '2026-03-01T10:00:00.000Z',
  senderName: null,
  recipientEmail: null,
  personalMessage: null,
  sharedAt: null,
  galleryEntryId: null,
});

const entry = (widgetId: string): GalleryEntry => ({
  id: '00000000-0000-4000-8000-0000000000ee',
  widgetId,
  channel: 'photobox-uk',
  title: 'Holiday',
  categories: ['travel'],
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
});

function api(store: Widget[]) {
  const list = () => json({ widgets: store, page: 1, pageSize: 10, total: store.length });
  const routes: Record<string, (url: URL) => Response | Promise<Response>> = {
    '/api/widgets/v1/widget/all': list,
    '/api/orders/v2/superorders/me': () => json({ offset: 0, limit: 100, total: 0, items: [] }),
  };
  for (const item of store) {
    routes[`/api/widgets/v1/widget/${item.code}`] = () => {
      store.splice(store.indexOf(item), 1);
      return new Response(null, { status: 204 });
    };
    routes[`/api/widgets/v1/widget/${item.code}/share`] = (url) =>
      json({
        ...item,
        senderName: url.searchParams.get('fromName'),
        recipientEmail: atob(url.searchParams.get('toEmailAddress')!),
        sharedAt: '2026-03-02T10:00:00.000Z',
      });
  }
  return routes;
}

describe('WidgetsPage', () => {
  it('lists page 1 by default and shares with the recipient base64-encoded, then resets', async () => {
    const user = userEvent.setup();
    const store = [widget('PB1-01', 'Holiday book'), widget('PB2-02', 'Wedding book')];
    const { fetchMock } = await renderFeature(<WidgetsPage />, {
      path: '/widgets',
      routes: api(store),
    });
    expect(await screen.findByText('Holiday book')).toBeInTheDocument();
    const listCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), window.location.origin))
      .find((url) => url.pathname === '/api/widgets/v1/widget/all')!;
    expect(listCall.searchParams.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Share Holiday book by e-mail' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your name' }), 'Alex');
    await user.type(
      within(dialog).getByRole('textbox', { name: "Recipient's e-mail address" }),
      'zoe@example.com',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Personal message' }), 'Look!');
    await user.click(within(dialog).getByRole('button', { name: 'Send e-mail' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Your e-mail to zoe@example.com is on its way.',
    );
    const share = fetchMock.mock.calls
      .map(([input, init]) => [new URL(String(input), window.location.origin), init] as const)
      .find(([url]) => url.pathname.endsWith('/share'))!;
    expect((share[1] as RequestInit).method).toBe('PUT');
    expect(Object.fromEntries(share[0].searchParams)).toEqual({
      vendorId: 'photobox',
      fromName: 'Alex',
      personalMessage: 'Look!',
      toEmailAddress: btoa('zoe@example.com'),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Share with someone else' }));
    expect(within(dialog).getByRole('textbox', { name: "Recipient's e-mail address" })).toHaveValue(
      '',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Your name' })).toHaveValue('Alex');
    // Typing into a dialog is slow on a loaded machine.
  }, 20_000);

  it('a deleted widget is marked finished, then leaves the list', async () => {
    // jsdom lays nothing out: the page's heading counts as shown.
    const rects = vi
      .spyOn(Element.prototype, 'getClientRects')
      .mockReturnValue([new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList);
    const user = userEvent.setup();
    const store = [widget('PB1-01', 'Holiday book'), widget('PB2-02', 'Wedding book')];
    const routes = api(store);
    const list = routes['/api/widgets/v1/widget/all']!;
    let release: () => void = () => {};
    let calls = 0;
    // The list read after the delete waits, so the finished state can be seen.
    routes['/api/widgets/v1/widget/all'] = async (url) => {
      calls += 1;
      if (calls > 1) await new Promise<void>((resolve) => (release = resolve));
      return list(url);
    };
    const { store: redux } = await renderFeature(<WidgetsPage />, { path: '/widgets', routes });
    await screen.findByText('Holiday book');
    await user.click(screen.getByRole('button', { name: 'Delete the widget Holiday book' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The widget Holiday book has been deleted.',
    );
    // docs/product.md#focus: the answer has focus, then the page's heading once the card goes.
    expect(screen.getByRole('status')).toHaveFocus();
    expect(selectWidgetDeleteState(redux.getState(), 'PB1-01')).toBe('Finished');
    // From the reloaded list on, the deleted widget's card never comes back, not for a frame.
    let cardBack = false;
    const watch = new MutationObserver(() => {
      cardBack ||= document.querySelector('[aria-label="Delete the widget Holiday book"]') !== null;
    });
    watch.observe(document.body, { childList: true, subtree: true });
    release();
    await waitFor(() => expect(screen.queryByText(/Holiday book/)).toBeNull());
    watch.disconnect();
    expect(cardBack).toBe(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Widgets' })).toHaveFocus();
    rects.mockRestore();
    expect(selectWidgetDeleteState(redux.getState(), 'PB1-01')).toBe('NotRequested');
    expect(screen.getByText('Wedding book')).toBeInTheDocument();
  });

  it('a failed delete keeps the widget with an alert', async () => {
    const user = userEvent.setup();
    const routes = api([widget('PB1-01', 'Holiday book')]);
    routes['/api/widgets/v1/widget/PB1-01'] = () => json({ statusCode: 500, message: 'x' }, 500);
    await renderFeature(<WidgetsPage />, { path: '/widgets', routes });
    await screen.findByText('Holiday book');
    await user.click(screen.getByRole('button', { name: 'Delete the widget Holiday book' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This widget could not be deleted. Please try again.',
    );
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(screen.getByText('Holiday book')).toBeInTheDocument();
  });

  it('a failed load says so with Try again, which loads the list', async () => {
    const user = userEvent.setup();
    const routes = api([widget('PB1-01', 'Summer book')]);
    const list = routes['/api/widgets/v1/widget/all']!;
    let failing = true;
    routes['/api/widgets/v1/widget/all'] = (url) =>
      failing ? json({ statusCode: 500, message: 'widget store offline' }, 500) : list(url);
    await renderFeature(<WidgetsPage />, { path: '/widgets', routes });
    const alert = await screen.findByRole('alert', { name: 'Your widgets could not be loaded' });
    expect(alert).not.toHaveTextContent('widget store offline');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Summer book')).toBeInTheDocument();
  });

  it('a page past the last one goes to the last page', async () => {
    const { location } = await renderFeature(<WidgetsPage />, {
      path: '/widgets?page=7',
      routes: api([widget('PB1-01', 'Summer book')]),
    });
    expect(await screen.findByText('Summer book')).toBeInTheDocument();
    expect(location().search).toBe('?page=1');
  });
});

describe('gallery request states', () => {
  it('tracks create, update and delete on their own; a successful update returns to not requested', async () => {
    const item = widget('PB1-01', 'Holiday book');
    let failUpdate = true;
    const { store } = await renderFeature(<div />, {
      routes: {
        '/api/widgets/v1/galleryentries/': () => json(entry(item.id), 201),
        [`/api/widgets/v1/galleryentries/${item.id}`]: () =>
          failUpdate ? json({ statusCode: 500, message: 'down' }, 500) : json(entry(item.id)),
        [`/api/widgets/v1/galleryentries/${entry(item.id).id}`]: () =>
          new Response(null, { status: 204 }),
      },
    });
    const requests = () => selectGalleryRequests(store.getState(), item.id);
    await store.dispatch(
      widgetsApi.endpoints.createGalleryEntry.initiate({
        widgetId: item.id,
        channel: 'photobox-uk',
        title: 'Holiday',
        categories: ['travel'],
      }),
    );
    expect(requests()).toEqual({
      create: 'Finished',
      read: 'NotRequested',
      update: 'NotRequested',
      delete: 'NotRequested',
    });
    const update = { widgetId: item.id, channel: 'photobox-uk', changes: { title: 'Trip' } };
    await store.dispatch(widgetsApi.endpoints.updateGalleryEntry.initiate(update));
    expect(requests()).toMatchObject({ create: 'Finished', update: 'Failed' });
    failUpdate = false;
    await store.dispatch(widgetsApi.endpoints.updateGalleryEntry.initiate(update));
    expect(requests()).toMatchObject({ create: 'Finished', update: 'NotRequested' });
    await store.dispatch(
      widgetsApi.endpoints.deleteGalleryEntry.initiate({
        id: entry(item.id).id,
        widgetId: item.id,
        channel: 'photobox-uk',
      }),
    );
    expect(requests()).toEqual({
      create: 'NotRequested',
      read: 'NotRequested',
      update: 'NotRequested',
      delete: 'NotRequested',
    });
  });
});

describe('gallery categories', () => {
  it('are shown in the customer’s language; a category without a text keeps the API’s name', async () => {
    const user = userEvent.setup();
    const item = { ...widget('PB1-01', 'Vakantieboek'), galleryEntryId: entry('').id };
    await renderFeature(<GalleryPanel widget={item} channel="albelli-nl" />, {
      locale: 'nl-NL',
      hostname: 'albelli-nl.localhost',
      routes: {
        '/api/widgets/v1/categories': () =>
          json({
            categories: [
              { id: 'wedding', name: 'Wedding' },
              { id: 'travel', name: 'Travel' },
              { id: 'family', name: 'Family' },
              { id: 'drones', name: 'Drones' },
            ],
          }),
        '/api/widgets/v1/blockedorders/PB1': () => json({ orderCode: 'PB1', blocked: false }),
        [`/api/widgets/v1/galleryentries/${entry('').id}`]: () =>
          json({ ...entry(item.id), categories: ['Travel', 'Family', 'Drones'] }),
      },
    });
    expect(await screen.findByText('Reizen')).toBeInTheDocument();
    expect(screen.getByText('Familie')).toBeInTheDocument();
    expect(screen.getByText('Drones')).toBeInTheDocument();
    expect(screen.queryByText('Travel')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Bewerken' }));
    await user.click(screen.getByRole('combobox', { name: 'Categorieën' }));
    expect(await screen.findByRole('option', { name: 'Bruiloft' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Wedding' })).not.toBeInTheDocument();
  });
});
