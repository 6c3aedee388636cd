import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json } from '../../../testing/mock-fetch';
import { renderFeature } from '../../../testing/render-feature';
import { businessClaims } from '../../../testing/fake-platform';
import { IntegrationPage } from './integration-page';

afterEach(() => vi.unstubAllGlobals());

const customer = {
  id: 'c-1',
  email: 'business@example.com',
  accountDeleted: false,
  status: 'Default',
  callbackUrl: null,
  callbackFormat: null,
  changed: false,
};

describe('FTP callback form (docs/product.md#validation: http and https only)', () => {
  it.each(['javascript:alert(1)', 'ftp://example.com/x', 'data:text/html,hi', 'not a url'])(
    '%s is refused in the form, focused, and never sent',
    async (value) => {
      const { fetchMock } = await renderFeature(<IntegrationPage />, {
        claims: businessClaims,
        routes: { '/api/customer/customers/me': customer },
      });
      const input = await screen.findByLabelText(/^Callback URL/);
      fireEvent.change(input, { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Save callback' }));
      await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining('Callback URL must be an http or https URL'),
      );
      await waitFor(() => expect(input).toHaveFocus());
      expect(
        fetchMock.mock.calls.some(
          ([, init]) => (init as RequestInit | undefined)?.method === 'PATCH',
        ),
      ).toBe(false);
    },
  );

  it('the customer failing to load shows the settings load error; Try again loads it', async () => {
    let failing = true;
    await renderFeature(<IntegrationPage />, {
      claims: businessClaims,
      routes: {
        '/api/customer/customers/me': () =>
          failing
            ? json({ statusCode: 500, error: 'Internal Server Error', message: 'down' }, 500)
            : json(customer),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred loading your settings');
    expect(alert).not.toHaveTextContent('down');
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/^Callback URL/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
