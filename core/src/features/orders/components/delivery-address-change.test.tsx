import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderFeature } from '../../../testing/render-feature';
import { json } from '../../../testing/mock-fetch';
import { superOrder } from '../order-fixtures.testing';
import { toOrder } from '../order-model';
import { DeliveryAddressChange } from './delivery-address-change';

const order = toOrder(superOrder('PB7', 3, [{ status: 'Confirmed', paidDaysAgo: 3 }]));
const path = '/api/orders/v1/superorders/PB7/deliveryAddress';

async function openAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Change delivery address' }));
  // The order's country by name, as settings show it; the code is what is sent. (The form's code
  // loads after the page's content: the first open may wait for it.)
  expect(await screen.findByRole('textbox', { name: 'Country' })).toHaveValue('United Kingdom');
  const street = screen.getByRole('textbox', { name: 'Street' });
  await user.clear(street);
  await user.type(street, 'Downing Street');
  await user.click(screen.getByRole('button', { name: 'Save address' }));
}

// Typing into the form takes seconds on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

describe('DeliveryAddressChange', () => {
  it('NotStarted → Editing → RequestInProgress → SuccessfulUpdate → NotStarted', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await renderFeature(<DeliveryAddressChange order={order} />, {
      routes: { [path]: () => json({ result: 'updated', order: superOrder('PB7', 3, []) }) },
    });
    await user.click(screen.getByRole('button', { name: 'Change delivery address' }));
    // docs/product.md#focus: the open form starts at its first field (the checked delivery type),
    // also when its code arrived after the click.
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Home delivery' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Change delivery address' })).toHaveFocus();
    await openAndSubmit(user);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The delivery address has been changed.',
    );
    expect(screen.getByRole('status')).toHaveFocus();
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith(path))!;
    const sent: unknown = JSON.parse(String((call[1] as RequestInit).body));
    expect(sent).toMatchObject({
      deliveryType: 'Home',
      address: { streetName: 'Downing Street', country: 'GB' },
    });
    expect((call[1] as RequestInit).method).toBe('PUT');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Change delivery address' })).toHaveFocus();
  });

  it('202 requested → RequestSent', async () => {
    const user = userEvent.setup();
    await renderFeature(<DeliveryAddressChange order={order} />, {
      routes: {
        [path]: () => json({ result: 'requested', order: superOrder('PB7', 3, []) }, 202),
      },
    });
    await openAndSubmit(user);
    expect(await screen.findByRole('status')).toHaveTextContent('Your request has been sent.');
  });

  it('a failure → RequestFailed: the alert and the form with what was typed stay', async () => {
    const user = userEvent.setup();
    await renderFeature(<DeliveryAddressChange order={order} />, {
      routes: { [path]: () => json({ statusCode: 409, message: 'too late' }, 409) },
    });
    await openAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The delivery address could not be changed.',
    );
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Street' })).toHaveValue('Downing Street');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Change delivery address' })).toBeInTheDocument();
  });

  it('checks the address with the shared rules before sending', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await renderFeature(<DeliveryAddressChange order={order} />);
    await user.click(screen.getByRole('button', { name: 'Change delivery address' }));
    const postalCode = await screen.findByRole('textbox', { name: 'Postal code' });
    await user.clear(postalCode);
    await user.type(postalCode, '12');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Postal Code must be valid')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(path))).toBe(false);
  });

  it('offers no change once every line is sent', async () => {
    const sent = toOrder(superOrder('PB8', 3, [{ status: 'Dispatched', paidDaysAgo: 3 }]));
    await renderFeature(<DeliveryAddressChange order={sent} />);
    expect(screen.queryByRole('button', { name: 'Change delivery address' })).toBeNull();
  });
});
