import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TIMELINE_BANNER_COLLAPSED_KEY } from '../../photos/persisted-state';
import { demoClaims } from '../../../testing/fake-platform';
import { renderFeature } from '../../../testing/render-feature';
import { TimelineBanner } from './timeline-banner';

describe('the timeline banner (docs/product.md#screens Timeline)', () => {
  it('collapses to its title with Hide, keeps that for this user and opens again', async () => {
    const view = await renderFeature(<TimelineBanner />);
    expect(screen.getByText(/Every photo you upload/)).toBeInTheDocument();
    // Information, read where it stands: not an alert announced on every visit.
    expect(screen.getByTestId('timeline-banner')).toHaveAttribute('role', 'note');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));

    const title = screen.getByRole('button', { name: 'Your photos, all in one place' });
    expect(title).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/Every photo you upload/)).toBeNull();
    await waitFor(() => expect(title).toHaveFocus());
    expect(JSON.parse(view.platform.storage.get(TIMELINE_BANNER_COLLAPSED_KEY) ?? '[]')).toEqual([
      demoClaims.sub,
    ]);

    // The next visit starts collapsed.
    view.unmount();
    const storage = { [TIMELINE_BANNER_COLLAPSED_KEY]: JSON.stringify([demoClaims.sub]) };
    const next = await renderFeature(<TimelineBanner />, { storage });
    fireEvent.click(screen.getByRole('button', { name: 'Your photos, all in one place' }));
    expect(screen.getByText(/Every photo you upload/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('timeline-banner')).toHaveFocus());
    expect(next.platform.storage.get(TIMELINE_BANNER_COLLAPSED_KEY)).toBe('[]');
  });

  it("another user's choice does not collapse it", async () => {
    await renderFeature(<TimelineBanner />, {
      storage: { [TIMELINE_BANNER_COLLAPSED_KEY]: '["someone-else"]' },
    });
    expect(screen.getByRole('button', { name: 'Hide' })).toBeInTheDocument();
  });
});
