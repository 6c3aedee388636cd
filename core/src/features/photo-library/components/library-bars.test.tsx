import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json } from '../../../testing/mock-fetch';
import { fixtureId, photoFixtures } from '../../../testing/photo-fixtures';
import { renderFeature } from '../../../testing/render-feature';
import {
  allSelected,
  orderPrintsModeStarted,
  selectModeStarted,
  selectionStopped,
} from '../../photos/selection/selection-slice';
import { LibraryBars } from './library-bars';

afterEach(() => vi.unstubAllGlobals());

const ids = photoFixtures(1, 2).map((photo) => photo.imageId);

describe('the library’s bars (docs/product.md#screens)', () => {
  it('none outside the modes; select mode’s actions; order-prints mode’s own bar', async () => {
    const { store } = await renderFeature(<LibraryBars />);
    expect(screen.queryByRole('region')).toBeNull();

    act(() => {
      store.dispatch(selectModeStarted());
    });
    const bar = await screen.findByRole('region', { name: 'Selected photos' });
    expect(within(bar).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    act(() => {
      store.dispatch(orderPrintsModeStarted());
    });
    const prints = await screen.findByRole('region', { name: 'Order prints' });
    expect(within(prints).getByText('Selecting your photos...')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selected photos' })).toBeNull();

    act(() => {
      store.dispatch(selectionStopped());
    });
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('Next hands the selected photos to the print editor as a temp selection', async () => {
    const bodies: unknown[] = [];
    const { store, fetchMock, unmount } = await renderFeature(<LibraryBars />, {
      routes: {
        '/api/photo/temp-selections': () => {
          bodies.push('posted');
          return json({ tempSelectionId: fixtureId(99) });
        },
        // The merchandise channel the editor address names.
        '/api/merchandise/': () =>
          json({
            data: {
              channel: {
                ID: 'photobox-uk',
                Vendor: { ID: 'photobox', Locale: 'en-GB' },
                ShopUrl: 'https://www.photobox.co.uk/',
                Currency: { ID: 'GBP' },
                Articles: [],
              },
            },
          }),
      },
    });
    act(() => {
      store.dispatch(orderPrintsModeStarted());
      store.dispatch(allSelected(ids));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Next: Customise 2 photo prints' }));
    expect(await screen.findByText('Adding 2 photos to editor...')).toBeInTheDocument();
    await waitFor(() => expect(bodies).toHaveLength(1));
    const call = fetchMock.mock.calls.find(([input]) =>
      String(input).includes('/temp-selections'),
    )!;
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({ photoIds: ids });
    // The overlay stays at least 3 s before the editor opens (docs/product.md#limits).
    expect(screen.getByText('Adding 2 photos to editor...')).toBeInTheDocument();
    unmount();
  });
});
