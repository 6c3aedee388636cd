import { screen, waitFor } from '@testing-library/react';
import { renderFeature } from '../../testing/render-feature';
import { json } from '../../testing/mock-fetch';
import { useGetOrdersQuery } from './api';
import { useOrderListShown } from './order-list-shown';

/** 250 orders: the first API page of 100 and two more. Records each page's offset and time. */
const route = (asked: Array<[number, number]>) => (url: URL) => {
  const offset = Number(url.searchParams.get('Offset'));
  asked.push([offset, performance.now()]);
  return json({ offset, limit: 100, total: 250, items: [] });
};
const offsets = (asked: Array<[number, number]>) => asked.map(([offset]) => offset);

function OrderCount({ saysShown }: { saysShown: boolean }) {
  const { data } = useGetOrdersQuery();
  useOrderListShown(saysShown ? data?.load : undefined);
  return <p>{data ? `${data.total} orders` : 'loading'}</p>;
}

describe('the order list’s other pages', () => {
  it('are asked for once a screen has shown the first page', async () => {
    const asked: Array<[number, number]> = [];
    await renderFeature(<OrderCount saysShown />, {
      routes: { '/api/orders/v2/superorders/me': route(asked) },
    });
    expect(await screen.findByText('250 orders')).toBeInTheDocument();
    await waitFor(() => expect(offsets(asked)).toEqual([0, 100, 200]));
    // A frame or so after the paint, not the fallback's second later.
    expect(asked[1]![1] - asked[0]![1]).toBeLessThan(900);
  });

  it('wait while no screen says the first page is shown, then are asked for all the same', async () => {
    const asked: Array<[number, number]> = [];
    await renderFeature(<OrderCount saysShown={false} />, {
      routes: { '/api/orders/v2/superorders/me': route(asked) },
    });
    expect(await screen.findByText('250 orders')).toBeInTheDocument();
    await waitFor(() => expect(offsets(asked)).toEqual([0, 100, 200]), { timeout: 3000 });
    // The fallback's second after the first page's answer, not a frame.
    expect(asked[1]![1] - asked[0]![1]).toBeGreaterThanOrEqual(990);
  });
});
