import { screen } from '@testing-library/react';
import { json } from '../../../testing/mock-fetch';
import { renderFeature } from '../../../testing/render-feature';
import { ReorderPanel } from './reorder-panel';

describe('ReorderPanel', () => {
  it("keeps a line's room while the reorder check runs, then shows its answer there", async () => {
    let answer: (response: Response) => void = () => {};
    await renderFeature(<ReorderPanel orderCode="PB1" />, {
      routes: {
        '/api/reorder/reorder/status/PB1': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    expect(screen.getByTestId('reorder-room')).toHaveAttribute('aria-hidden', 'true');
    answer(json({ orderCode: 'PB1', available: false, reason: 'notDispatched' }));
    expect(
      await screen.findByText('You can reorder once your order has been sent.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('reorder-room')).toBeNull();
  });
});
