import { screen } from '@testing-library/react';
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
