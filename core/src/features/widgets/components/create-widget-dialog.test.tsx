import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Widget } from '../../../api/schemas/widget';
import { json } from '../../../testing/mock-fetch';
import { renderFeature } from '../../../testing/render-feature';
import { showToast } from '../../../ui/toast';
import type * as ToastModule from '../../../ui/toast';
import { superOrder } from '../../orders/order-fixtures.testing';
import { toOrder } from '../../orders/order-model';
import { CreateWidgetDialog } from './create-widget-dialog';

vi.mock('../../../ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  showToast: vi.fn(),
}));

afterEach(() => vi.mocked(showToast).mockClear());

const created: Widget = {
  id: '00000000-0000-4000-8000-000000000077',
  code: 'PB7-1',
  orderCode: 'PB7',
  title: 'Softcover photo book A5',
  articleType: 'BOOK_SC_A5',
  vendorId: 'photobox',
  shopUrl: 'https://www.photobox.co.uk/all-products?article=BOOK_SC_A5',
  createdAt: '2026-03-01T10:00:00.000Z',
  senderName: null,
  recipientEmail: null,
  personalMessage: null,
  sharedAt: null,
  galleryEntryId: null,
};

describe('CreateWidgetDialog', () => {
  it('a widget made says so in a toast naming it, and the dialog closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const order = toOrder(superOrder('PB7', 3, [{ status: 'Dispatched', paidDaysAgo: 3 }]));
    await renderFeature(
      <CreateWidgetDialog opened orders={[order]} taken={new Set()} onClose={onClose} />,
      {
        path: '/widgets',
        routes: { '/api/widgets/v1/widget/PB7-1': () => json(created) },
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create a widget' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: 'Softcover photo book A5 (PB7)' }));
    expect(showToast).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Create widget' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(showToast).toHaveBeenCalledExactlyOnceWith({
      message: 'The widget Softcover photo book A5 has been created.',
      role: 'status',
    });
  }, 20_000);
});
