import { screen } from '@testing-library/react';
import { businessClaims } from '../../../testing/fake-platform';
import { renderFeature } from '../../../testing/render-feature';
import { superOrder } from '../../orders/order-fixtures.testing';
import { OverviewPage } from './overview-page';

const page = (items: unknown[]) => ({ offset: 0, limit: 100, total: items.length, items });

describe('OverviewPage', () => {
  it('shows the newest order in progress and a way into every section', async () => {
    await renderFeature(<OverviewPage />, {
      routes: {
        '/api/orders/v2/superorders/me': page([
          superOrder('PB3', 2, [{ status: 'Confirmed', paidDaysAgo: 2 }]),
          superOrder('PB2', 5, [{ status: 'Confirmed', paidDaysAgo: 5 }]),
          superOrder('PB1', 60, [{ status: 'Dispatched', paidDaysAgo: 55 }]),
        ]),
      },
    });
    expect(await screen.findByRole('link', { name: 'Order PB3' })).toHaveAttribute(
      'href',
      '/orders/PB3',
    );
    expect(screen.queryByRole('link', { name: 'Order PB2' })).toBeNull();
    for (const section of [
      'My orders',
      'Settings',
      'Saved projects',
      'Downloads',
      'Online products',
      'Widgets',
    ])
      expect(screen.getByRole('link', { name: section })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Invoices' })).toBeNull();
  });

  it('without an order in progress it leads to the history; business accounts get invoices', async () => {
    await renderFeature(<OverviewPage />, {
      claims: businessClaims,
      routes: {
        '/api/orders/v2/superorders/me': page([
          superOrder('AL1', 60, [{ status: 'Dispatched', paidDaysAgo: 55 }]),
        ]),
      },
    });
    expect(await screen.findByText(/You have no orders in progress\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your order history' })).toHaveAttribute(
      'href',
      '/orders?order_state=history&page=1',
    );
    expect(screen.getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/invoices');
    expect(screen.queryByRole('link', { name: 'Widgets' })).toBeNull();
  });

  it("keeps an order card's place while the orders load, then the card takes it", async () => {
    await renderFeature(<OverviewPage />, {
      routes: {
        '/api/orders/v2/superorders/me': page([
          superOrder('PB3', 2, [{ status: 'Confirmed', paidDaysAgo: 2 }]),
        ]),
      },
    });
    // Before the answer: the place holder of the card's size (nothing under it moves later).
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByTestId('order-card-skeleton')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Order PB3' })).toBeInTheDocument();
    expect(screen.queryByTestId('order-card-skeleton')).toBeNull();
  });
});
