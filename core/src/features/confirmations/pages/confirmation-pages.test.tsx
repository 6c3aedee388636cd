import { waitFor } from '@testing-library/react';
import { json } from '../../../testing/mock-fetch';
import { renderFeature } from '../../../testing/render-feature';
import { ChangeEmailConfirmationPage } from './change-email-confirmation-page';
import { SubscriptionConfirmationPage } from './subscription-confirmation-page';

afterEach(() => vi.unstubAllGlobals());

const subscriptionUrl =
  '/api/email-gateway/api/v1/Profiles/a%40example.com/subscription/confirm/tok';

describe('confirmation pages (docs/product.md#screens)', () => {
  it('a confirmed subscription goes to the success page', async () => {
    const { location } = await renderFeature(<SubscriptionConfirmationPage />, {
      path: '/subscription-confirmation?confirmation-token=tok&email=a%40example.com',
      routes: { [subscriptionUrl]: () => json({ email: 'a@example.com', subscribed: true }) },
    });
    await waitFor(() => expect(location().pathname).toBe('/subscription-confirmation-success'));
  });

  it.each([
    ['the gateway refuses', '?confirmation-token=tok&email=a%40example.com'],
    ['the link lacks the e-mail', '?confirmation-token=tok'],
  ])('%s: the error page', async (_name, search) => {
    const { location } = await renderFeature(<SubscriptionConfirmationPage />, {
      path: `/subscription-confirmation${search}`,
    });
    await waitFor(() => expect(location().pathname).toBe('/subscription-confirmation-error'));
  });

  it('a confirmed e-mail change signs out to the success page; a refused one shows the error page', async () => {
    const confirmUrl = '/api/identity/v2/identities/local/user-1/emailchanges/tok/actions/confirm';
    const ok = await renderFeature(<ChangeEmailConfirmationPage />, {
      path: '/change-email-confirmation?confirmation-token=tok',
      routes: { [confirmUrl]: () => json({ email: 'new@example.com' }) },
    });
    await waitFor(() =>
      expect(ok.platform.auth.signOut).toHaveBeenCalledWith('/change-email-success'),
    );
    ok.unmount();
    vi.unstubAllGlobals();

    const refused = await renderFeature(<ChangeEmailConfirmationPage />, {
      path: '/change-email-confirmation?confirmation-token=tok',
    });
    await waitFor(() => expect(refused.location().pathname).toBe('/change-email-error'));
    expect(refused.platform.auth.signOut).not.toHaveBeenCalled();
  });
});
