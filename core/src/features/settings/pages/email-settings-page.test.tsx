import { fireEvent, screen } from '@testing-library/react';
import { json } from '../../../testing/mock-fetch';
import { renderFeature } from '../../../testing/render-feature';
import { EmailSettingsPage } from './email-settings-page';

afterEach(() => vi.unstubAllGlobals());

const requestUrl = '/api/identity/v2/identities/local/user-1/emailchanges';

async function requestChange(answer: () => Response) {
  const rendered = await renderFeature(<EmailSettingsPage />, {
    hostname: 'albelli-nl.localhost',
    routes: { [requestUrl]: answer },
  });
  fireEvent.change(screen.getByLabelText(/^New e-mail address/), {
    target: { value: 'new@example.com' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Change e-mail address' }));
  return rendered;
}

describe('e-mail change request (docs/product.md#states)', () => {
  it('received: the link went to the new address, sent with the brand channel', async () => {
    const { fetchMock } = await requestChange(() =>
      json({ expiresAt: '2030-01-01T00:00:00Z' }, 202),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'we have sent a link to new@example.com',
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith(requestUrl))! as [
      string,
      RequestInit,
    ];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'new@example.com',
      channel: 'albelli-nl',
    });
  });

  it.each([
    [409, 'This e-mail address is already in use'],
    [429, 'Too many requests. Please wait a while before you try again.'],
    [500, 'An unexpected error has occurred, please contact us if you continue to have problems.'],
  ])('%s shows its message', async (status, message) => {
    await requestChange(() => json({ statusCode: status, error: 'x', message: 'x' }, status));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('an invalid address or the current one is refused in the form, without a request', async () => {
    const { fetchMock } = await renderFeature(<EmailSettingsPage />);
    const input = screen.getByLabelText(/^New e-mail address/);
    fireEvent.change(input, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(input, { target: { value: 'DEMO@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail address' }));
    expect(await screen.findByText('This is already your e-mail address')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/emailchanges'))).toBe(false);
  });
});
