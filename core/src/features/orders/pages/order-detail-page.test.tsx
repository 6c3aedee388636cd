import { screen } from '@testing-library/react';
import { json } from '../../../testing/mock-fetch';
import { recordAnswerCommits } from '../../../testing/answer-commits';
import { renderFeature } from '../../../testing/render-feature';
import { ordersApi } from '../api';
import { superOrder } from '../order-fixtures.testing';
import { OrderDetailPage } from './order-detail-page';

const selectOrder = ordersApi.endpoints.getOrder.select('PB7');
// The orders endpoints add their own tags to the api's state type, which the app store's type
// does not name (they are injected when the orders code loads).
type OrdersState = Parameters<typeof selectOrder>[0];

describe('an order (docs/product.md#screens /orders/{orderCode})', () => {
  it("renders the order's answer after the store's notification, the spinner holding its place until then", async () => {
    const { commits, notified } = await recordAnswerCommits(
      (ui) =>
        renderFeature(ui, {
          path: '/orders/PB7',
          route: '/orders/:orderCode',
          routes: {
            '/api/orders/v1/superorders/PB7': () =>
              json(superOrder('PB7', 3, [{ status: 'Confirmed', paidDaysAgo: 3 }])),
          },
        }),
      <OrderDetailPage />,
      (state) => selectOrder(state as unknown as OrdersState).data !== undefined,
      () => screen.queryByText(/^Ordered on/) !== null,
    );
    expect(await screen.findByText(/^Ordered on/)).toBeInTheDocument();
    // The answer in the store, past the store's notification, the spinner still showed: the
    // order came in a later render, not in the notification's task.
    expect(notified.find((n) => n.answered)).toEqual({
      answered: true,
      spinner: true,
      shown: false,
    });
    expect(commits.every((c) => c.spinner || c.shown)).toBe(true);
  });
});
