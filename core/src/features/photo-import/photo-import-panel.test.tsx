import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../testing/mock-fetch';
import { renderFeature } from '../../testing/render-feature';
import { PhotoImportPanel } from './photo-import-panel';

const ACTIVATE = '/api/photo/users/activate';

describe('PhotoImportPanel', () => {
  it('offers to start the import of a NOT_ACTIVE user', async () => {
    await renderFeature(<PhotoImportPanel />, { routes: { [ACTIVATE]: { status: 'NOT_ACTIVE' } } });
    expect(await screen.findByRole('button', { name: 'Start import' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Photos from your earlier orders' })).toBeVisible();
  });

  it("says 'Failed to parse response!' for a bad activation answer", async () => {
    await renderFeature(<PhotoImportPanel />, { routes: { [ACTIVATE]: { status: 'SLEEPING' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to parse response!');
  });

  it("says the parse failure in the page's language", async () => {
    await renderFeature(<PhotoImportPanel />, {
      routes: { [ACTIVATE]: { status: 'SLEEPING' } },
      locale: 'nl-NL',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Het antwoord kon niet worden gelezen.',
    );
  });

  it('a status that could not be loaded offers "Try again", which loads it', async () => {
    const user = userEvent.setup();
    let failing = true;
    await renderFeature(<PhotoImportPanel />, {
      routes: {
        [ACTIVATE]: () =>
          failing
            ? json({ statusCode: 503, message: 'activation store offline' }, 503)
            : json({ status: 'NOT_ACTIVE' }),
      },
    });
    const alert = await screen.findByRole('alert', {
      name: 'The status of your photo import could not be loaded.',
    });
    expect(alert).not.toHaveTextContent('activation store offline');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Start import' })).toBeInTheDocument();
  });

  it('shows nothing for a user whose photos are already imported', async () => {
    const view = await renderFeature(<PhotoImportPanel />, {
      routes: { [ACTIVATE]: { status: 'ACTIVE' } },
    });
    await vi.waitFor(() =>
      expect(view.fetchMock.mock.calls.some(([url]) => String(url).includes(ACTIVATE))).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Start import' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Photos from your earlier orders' })).toBeNull();
  });
});
