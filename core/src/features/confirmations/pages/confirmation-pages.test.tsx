import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { DoubleOptInErrorPage } from '../../errors/error-pages';
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

  describe('the subscription error page (docs/product.md#error-pages)', () => {
    const flow = (
      <Routes>
        <Route path="/subscription-confirmation" element={<SubscriptionConfirmationPage />} />
        <Route path="/subscription-confirmation-error" element={<DoubleOptInErrorPage />} />
        <Route path="/subscription-confirmation-success" element={<p>subscribed</p>} />
      </Routes>
    );
    const link = '/subscription-confirmation?confirmation-token=tok&email=a%40example.com';

    it('after a server failure, "Try again" opens the same link again, without signing in', async () => {
      const user = userEvent.setup();
      let answers = 0;
      await renderFeature(flow, {
        path: link,
        claims: null,
        routes: {
          [subscriptionUrl]: () =>
            ++answers === 1
              ? json({ statusCode: 503, message: 'busy' }, 503)
              : json({ email: 'a@example.com', subscribed: true }),
        },
      });
      const tryAgain = await screen.findByRole('link', { name: 'Try again' });
      expect(tryAgain).toHaveAttribute('href', link);
      await user.click(tryAgain);
      expect(await screen.findByText('subscribed')).toBeInTheDocument();
      expect(answers).toBe(2);
    });

    it('after a used or unknown link, "Try again" leads to the storefront to subscribe again; customer care opens in a new tab', async () => {
      await renderFeature(flow, {
        path: link,
        claims: null,
        routes: { [subscriptionUrl]: () => json({ statusCode: 410, message: 'used' }, 410) },
      });
      const tryAgain = await screen.findByRole('link', { name: 'Try again' });
      // The storefront's home (photobox-uk), where the newsletter is subscribed to.
      expect(tryAgain).toHaveAttribute('href', 'https://www.photobox.co.uk/');
      const care = screen.getByRole('link', { name: /Contact customer care/ });
      expect(care).toHaveAttribute('target', '_blank');
      expect(care).toHaveAttribute('rel', 'noopener noreferrer');
      expect(care).toHaveTextContent('(opens in a new tab)');
    });
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
