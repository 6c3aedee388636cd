import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json } from '../../../testing/mock-fetch';
import { renderFeature } from '../../../testing/render-feature';
import { ChangeAddressPage, NewAddressPage } from './address-form-page';

afterEach(() => vi.unstubAllGlobals());

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillValid(country: 'GB' | 'NL') {
  fill(/^First name/, 'Alex');
  fill(/^Last name/, 'Morgan');
  fill(/^Street name/, country === 'GB' ? 'Baker Street' : 'Prinsengracht');
  fill(/^House number/, country === 'GB' ? '221B' : '263');
  fill(/^Postal code/, country === 'GB' ? 'NW1 6XE' : '1016 GV');
  fill(/^City/, country === 'GB' ? 'London' : 'Amsterdam');
  fill(/^Phone number/, country === 'GB' ? '020 7946 0018' : '020 555 0123');
}

describe('address form (docs/product.md#validation)', () => {
  it.each([
    ['photobox-uk.localhost', 'GB', '1016 GV', '06 1234'],
    ['albelli-nl.localhost', 'NL', 'NW1 6XE', '020 7946'],
  ] as const)(
    'on %s the country is %s and its rules give the four messages, focus on the first wrong field',
    async (hostname, country, wrongPostalCode, wrongPhone) => {
      const { fetchMock } = await renderFeature(<NewAddressPage />, { hostname });
      expect(screen.getByLabelText(/^Country/)).toHaveValue(country);
      fillValid(country);
      fill(/^Street name/, '<b>');
      fill(/^House number/, '0');
      fill(/^Postal code/, wrongPostalCode);
      fill(/^Phone number/, wrongPhone);
      fireEvent.click(screen.getByRole('button', { name: 'Save address' }));

      const street = screen.getByLabelText(/^Street name/);
      await waitFor(() => expect(street).toHaveAttribute('aria-invalid', 'true'));
      expect(street).toHaveAccessibleDescription('Street name must be valid');
      expect(screen.getByLabelText(/^House number/)).toHaveAccessibleDescription(
        'Street number must be valid',
      );
      expect(screen.getByLabelText(/^Postal code/)).toHaveAccessibleDescription(
        'Postal Code must be valid',
      );
      expect(screen.getByLabelText(/^Phone number/)).toHaveAccessibleDescription(
        'Phone number must be valid',
      );
      await waitFor(() => expect(street).toHaveFocus());
      // Nothing went to the server.
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/addresses'))).toBe(false);
    },
  );

  it('an empty street, house number, postal code or phone says it is required', async () => {
    await renderFeature(<NewAddressPage />, { hostname: 'photobox-uk.localhost' });
    fillValid('GB');
    for (const label of [/^Street name/, /^House number/, /^Postal code/, /^Phone number/])
      fill(label, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    const street = screen.getByLabelText(/^Street name/);
    await waitFor(() => expect(street).toHaveAccessibleDescription('Street name is required'));
    expect(screen.getByLabelText(/^House number/)).toHaveAccessibleDescription(
      'House number is required',
    );
    expect(screen.getByLabelText(/^Postal code/)).toHaveAccessibleDescription(
      'Postal code is required',
    );
    expect(screen.getByLabelText(/^Phone number/)).toHaveAccessibleDescription(
      'Phone number is required',
    );
  });

  it('a valid address is posted with the type of the account and the page goes to the list', async () => {
    let posted: unknown;
    const { location } = await renderFeature(<NewAddressPage />, {
      hostname: 'albelli-nl.localhost',
      path: '/settings/new-address',
    });
    // The route table cannot tell a POST from a GET: this test answers the POST itself.
    vi.unstubAllGlobals();
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/customer/customers/me/addresses' && init?.method === 'POST') {
        posted = JSON.parse(String(init.body));
        return json(
          {
            id: 'a-1',
            type: 'normal',
            firstName: 'Alex',
            lastName: 'Morgan',
            companyName: null,
            vatNumber: null,
            streetName: 'Prinsengracht',
            streetNumber: '263',
            addressLine2: null,
            postalCode: '1016 GV',
            city: 'Amsterdam',
            country: 'NL',
            phoneNumber: '020 555 0123',
            isDefault: false,
            created: '2026-01-01T00:00:00.000Z',
            updated: '2026-01-01T00:00:00.000Z',
          },
          201,
        );
      }
      return json({ statusCode: 404, error: 'Not Found', message: 'nope' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    fillValid('NL');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(location().pathname).toBe('/settings/addresses/all'));
    expect(posted).toMatchObject({
      type: 'normal',
      country: 'NL',
      postalCode: '1016 GV',
      companyName: null,
      isDefault: false,
    });
  });

  it('an unknown address id shows the not-found text', async () => {
    const routes = { '/api/customer/customers/me/addresses': { items: [] } };
    await renderFeature(<ChangeAddressPage />, {
      path: '/settings/address/nope',
      route: '/settings/address/:addressId',
      routes,
    });
    expect(await screen.findByText('This address could not be found')).toBeInTheDocument();
  });

  it('a failed load shows the settings load error', async () => {
    await renderFeature(<ChangeAddressPage />, {
      path: '/settings/address/x',
      route: '/settings/address/:addressId',
      routes: {
        '/api/customer/customers/me/addresses': () =>
          json({ statusCode: 500, error: 'Internal Server Error', message: 'down' }, 500),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred loading your settings',
    );
  });
});
