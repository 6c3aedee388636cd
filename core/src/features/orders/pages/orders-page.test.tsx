import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderFeature } from '../../../testing/render-feature';
import { json } from '../../../testing/mock-fetch';
import type { SuperOrder } from '../../../api/schemas/order';
import { superOrder } from '../order-fixtures.testing';
import { OrdersPage } from './orders-page';

/** 12 orders in progress, 140 in history: more than one page of the API (100) and of the list (10). */
function orders(): SuperOrder[] {
  const list: SuperOrder[] = [];
  for (let i = 0; i < 12; i += 1)
    list.push(superOrder(`PB${100 + i}`, i, [{ status: 'Confirmed', paidDaysAgo: i }]));
  for (let i = 0; i < 140; i += 1)
    list.push(superOrder(`PB${500 + i}`, 40 + i, [{ status: 'Dispatched', paidDaysAgo: 35 + i }]));
  list[1] = superOrder('PB101', 1, [{ status: 'Cancelled', paidDaysAgo: 1 }]);
  return list;
}

function superOrdersRoute(all: SuperOrder[]) {
  return (url: URL) => {
    const offset = Number(url.searchParams.get('Offset'));
    const limit = Number(url.searchParams.get('Limit'));
    expect(url.searchParams.get('OrderState')).toBe('notExpired');
    return json({ offset, limit, total: all.length, items: all.slice(offset, offset + limit) });
  };
}

describe('OrdersPage', () => {
  it('reads every page of the API, splits in progress from history and keeps tab and page in the query string', async () => {
    const user = userEvent.setup();
    const all = orders();
    const { fetchMock, location } = await renderFeature(<OrdersPage />, {
      path: '/orders?stripped=true',
      routes: { '/api/orders/v2/superorders/me': superOrdersRoute(all) },
    });
    const inProgress = await screen.findByRole('tab', { name: 'In progress (12)' });
    expect(inProgress).toHaveAttribute('aria-selected', 'true');
    const offsets = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), window.location.origin))
        .filter((url) => url.pathname === '/api/orders/v2/superorders/me')
        .map((url) => [url.searchParams.get('Offset'), url.searchParams.get('Limit')]);
    // The second page is asked for once the first one is painted (order-list-shown.ts).
    await waitFor(() =>
      expect(offsets()).toEqual([
        ['0', '100'],
        ['100', '100'],
      ]),
    );
    expect(screen.getAllByRole('link', { name: /^Order PB/ })).toHaveLength(10);
    const cancelled = screen.getByRole('link', { name: 'Order PB101' }).closest('li')!;
    expect(within(cancelled).getByText('Cancelled').closest('[data-status]')).toHaveAttribute(
      'data-status',
      'Cancelled',
    );

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Order PB/ })).toHaveLength(2);
    expect(location().search).toBe('?stripped=true&order_state=inProgress&page=2');

    await user.click(screen.getByRole('tab', { name: 'History (140)' }));
    expect(location().search).toBe('?stripped=true&order_state=history&page=1');
    expect(screen.getByText('Page 1 of 14')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order PB500' })).toBeInTheDocument();
    // A loaded machine renders 150 cards slowly.
  }, 20_000);

  it('paints the first API page at once and appends the rest behind it without moving anything', async () => {
    const user = userEvent.setup();
    const all = orders();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const route = superOrdersRoute(all);
    await renderFeature(<OrdersPage />, {
      path: '/orders?order_state=history&page=1',
      routes: {
        // The later pages wait until the test lets them through.
        '/api/orders/v2/superorders/me': async (url: URL) => {
          if (url.searchParams.get('Offset') !== '0') await held;
          return route(url);
        },
      },
    });
    // The first page alone: the counts are final already (it reaches past 30 days).
    const history = await screen.findByRole('tab', { name: 'History (140)' });
    expect(history).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'In progress (12)' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 14')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading more orders…');
    const firstPage = () =>
      screen.getAllByRole('link', { name: /^Order PB/ }).map((link) => link.textContent);
    const before = firstPage();
    expect(before).toHaveLength(10);
    expect(before[0]).toBe('Order PB500');

    // Page 10 of history is past the first API page: its room is kept, no cards yet.
    const next = screen.getByRole('button', { name: 'Next page' });
    for (let turn = 0; turn < 9; turn += 1) await user.click(next);
    expect(screen.getByText('Page 10 of 14')).toBeInTheDocument();
    expect(screen.queryAllByRole('link', { name: /^Order PB/ })).toHaveLength(0);
    expect(screen.getAllByTestId('order-card-skeleton')).toHaveLength(10);

    release();
    // The rest arrives: page 10 fills in, counts and pages unchanged.
    expect(await screen.findByRole('link', { name: 'Order PB590' })).toBeInTheDocument();
    expect(firstPage()).toHaveLength(10);
    expect(screen.getByRole('tab', { name: 'History (140)' })).toBeInTheDocument();
    expect(screen.getByText('Page 10 of 14')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(''));

    // Back on page 1: the same orders in the same order as before the rest arrived.
    const previous = screen.getByRole('button', { name: 'Previous page' });
    for (let turn = 0; turn < 9; turn += 1) await user.click(previous);
    expect(firstPage()).toEqual(before);
  }, 20_000);

  it('keeps what the first page showed when a later page fails, and offers Try again where orders are missing', async () => {
    const user = userEvent.setup();
    const route = superOrdersRoute(orders());
    let failing = true;
    await renderFeature(<OrdersPage />, {
      path: '/orders?order_state=history&page=14',
      routes: {
        '/api/orders/v2/superorders/me': (url: URL) =>
          url.searchParams.get('Offset') !== '0' && failing
            ? json({ message: 'down' }, 503)
            : route(url),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your orders could not be loaded');
    expect(screen.getByText('Page 14 of 14')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Order PB639' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens on the tab and page of the address', async () => {
    await renderFeature(<OrdersPage />, {
      path: '/orders?order_state=history&page=14',
      routes: { '/api/orders/v2/superorders/me': superOrdersRoute(orders()) },
    });
    expect(await screen.findByText('Page 14 of 14')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'History (140)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // Page 14 lies past the first API page: it fills in once the rest is in.
    expect(await screen.findByRole('link', { name: 'Order PB639' })).toBeInTheDocument();
  });

  it('a page past the last one shows the last page and corrects the address to it', async () => {
    const { location } = await renderFeature(<OrdersPage />, {
      path: '/orders?order_state=history&page=99',
      routes: { '/api/orders/v2/superorders/me': superOrdersRoute(orders()) },
    });
    expect(await screen.findByText('Page 14 of 14')).toBeInTheDocument();
    await waitFor(() => expect(location().search).toBe('?order_state=history&page=14'));
  });

  it('says what a failed payment needs and offers Pay now; a cancelled order says it is over', async () => {
    const failed: SuperOrder = {
      ...superOrder('PB201', 2, [{ status: 'Received', paidDaysAgo: null }]),
      label: 'paymentFailed',
    };
    const cancelled: SuperOrder = {
      ...superOrder('PB202', 3, [{ status: 'Cancelled', paidDaysAgo: 3 }]),
      label: 'cancelled',
    };
    await renderFeature(<OrdersPage />, {
      path: '/orders',
      routes: { '/api/orders/v2/superorders/me': superOrdersRoute([failed, cancelled]) },
    });
    const failedCard = (await screen.findByRole('link', { name: 'Order PB201' })).closest('li')!;
    expect(within(failedCard).getByText('Payment failed').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'failed',
    );
    expect(
      within(failedCard).getByText(
        'Your payment did not go through. Pay now to have your order made.',
      ),
    ).toBeInTheDocument();
    const payNow = within(failedCard).getByRole('link', { name: 'Pay now for order PB201' });
    expect(payNow).toHaveTextContent('Pay now');
    expect(payNow).toHaveAttribute(
      'href',
      'https://www.photobox.co.uk/checkout/payment?orderCode=PB201',
    );

    const cancelledCard = screen.getByRole('link', { name: 'Order PB202' }).closest('li')!;
    expect(
      within(cancelledCard).getByText('This order is cancelled and will not be delivered.'),
    ).toBeInTheDocument();
    expect(within(cancelledCard).queryByRole('link', { name: /^Pay now/ })).toBeNull();
  });

  it('says so when the orders cannot be loaded', async () => {
    await renderFeature(<OrdersPage />, {
      path: '/orders',
      routes: { '/api/orders/v2/superorders/me': () => json({ message: 'down' }, 503) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your orders could not be loaded');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled());
  });
});
