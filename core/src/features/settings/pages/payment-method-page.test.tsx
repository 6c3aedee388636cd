import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderFeature } from '../../../testing/render-feature';
import { PaymentMethodPage } from './payment-method-page';

afterEach(() => vi.unstubAllGlobals());

const url = '/api/customer/customers/me/payment-method';

describe('payment method (docs/product.md#screens)', () => {
  it('a saved card shows as its brand and last four digits with the expiry', async () => {
    await renderFeature(<PaymentMethodPage />, {
      routes: {
        [url]: {
          paymentMethod: {
            type: 'card',
            cardBrand: 'mastercard',
            last4: '4444',
            expiryMonth: 3,
            expiryYear: 2031,
            holderName: 'Alex Morgan',
            paypalEmail: null,
            updated: '2026-01-01T00:00:00.000Z',
          },
        },
      },
    });
    expect(await screen.findByText('Mastercard ending in 4444')).toBeInTheDocument();
    expect(screen.getByText('Expires 03/2031')).toBeInTheDocument();
    expect(screen.getByText('Holder: Alex Morgan')).toBeInTheDocument();
  });

  it('none saved: the empty state; the form checks the card before sending', async () => {
    const { fetchMock } = await renderFeature(<PaymentMethodPage />, {
      routes: { [url]: { paymentMethod: null } },
    });
    expect(await screen.findByText('You have no saved payment method')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add a payment method' }));
    fireEvent.change(screen.getByLabelText(/^Card number/), {
      target: { value: '4242 4242 4242 4241' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment method' }));
    const card = screen.getByLabelText(/^Card number/);
    await waitFor(() => expect(card).toHaveAttribute('aria-invalid', 'true'));
    expect(card).toHaveAccessibleDescription('Card number must be valid');
    expect(
      fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT'),
    ).toBe(false);
  });
});
