import { fireEvent, screen, within } from '@testing-library/react';
import { json } from '../../../testing/mock-fetch';
import { renderFeature } from '../../../testing/render-feature';
import { DeleteAccountSection } from './delete-account-section';

afterEach(() => vi.unstubAllGlobals());

const requestUrl = '/api/identity/v2/identities/local/user-1/deleteaccount';

async function ask(answer: () => Response) {
  const rendered = await renderFeature(<DeleteAccountSection />, {
    routes: { [requestUrl]: answer },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  expect(dialog).toHaveTextContent('We will send a confirmation link to demo@example.com');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send confirmation e-mail' }));
  return { ...rendered, dialog };
}

describe('account deletion request (docs/product.md#states)', () => {
  it('received: the dialog closes and the page says where the link went', async () => {
    const { fetchMock } = await ask(() => json({ expiresAt: '2030-01-01T00:00:00Z' }, 202));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'we have sent a link to demo@example.com',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith(requestUrl))! as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(init.body))).toEqual({ channel: 'photobox-uk' });
  });

  it('failed: the dialog stays open with its alert; closing resets', async () => {
    const { dialog } = await ask(() =>
      json({ statusCode: 500, error: 'Internal Server Error', message: 'x' }, 500),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The confirmation e-mail could not be sent. Please try again.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const again = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(again).queryByRole('alert')).toBeNull();
  });
});
