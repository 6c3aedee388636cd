import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { recordAnswerCommits } from '../../../testing/answer-commits';
import { json } from '../../../testing/mock-fetch';
import { photoFixtures, photoUserFixture } from '../../../testing/photo-fixtures';
import { renderFeature } from '../../../testing/render-feature';
import type { RenderFeatureOptions } from '../../../testing/render-feature';
import { photosApi } from '../../photos/api';
import { photoLibraryTab } from '../../photos/paths';
import type * as PathsModule from '../../photos/paths';
import { SORTING_OPTIONS_KEY } from '../../photos/sorting/sorting-slice';
import { useCompactToolbar } from '../components/compact-action-bar';
import type * as CompactActionBarModule from '../components/compact-action-bar';
import { MyPhotosPage } from './my-photos-page';

// Called by the tabs' and the heading's renders only: they count those renders.
vi.mock('../../photos/paths', async (importOriginal) => {
  const actual = await importOriginal<typeof PathsModule>();
  return { ...actual, photoLibraryTab: vi.fn(actual.photoLibraryTab) };
});
vi.mock('../components/compact-action-bar', async (importOriginal) => {
  const actual = await importOriginal<typeof CompactActionBarModule>();
  return { ...actual, useCompactToolbar: vi.fn(actual.useCompactToolbar) };
});

afterEach(() => vi.unstubAllGlobals());

const march = photoFixtures(1, 5);
const library = ({
  ui = <MyPhotosPage />,
  ...overrides
}: RenderFeatureOptions & { ui?: ReactElement } = {}) =>
  renderFeature(ui, {
    path: '/my-photos/photos?utm=x',
    ...overrides,
    routes: {
      '/api/photo/users': () => json(photoUserFixture({ photosCount: 5 })),
      '/api/photo/users/timeline': () => json({ timeline: { '2024': { '3': 5 } } }),
      '/api/photo/photos/timeline/2024/3': () => json({ cursor: null, images: march }),
      '/api/photo/photos': () => json({ cursor: null, images: march }),
      ...overrides.routes,
    },
  });

describe('My photos (docs/product.md#screens Photo library screens)', () => {
  it('shows the months of the timeline when sorted by date taken', async () => {
    await library();
    const feed = await screen.findByRole('region', { name: 'Photos by month' });
    const month = await within(feed).findByRole('region', { name: 'March 2024' });
    await waitFor(() => expect(within(month).getAllByTestId('photo-tile')).toHaveLength(5));
    expect(screen.getByRole('tab', { name: 'Photos (5)' })).toBeInTheDocument();
  });

  it('renders the months from a deferred value once the timeline is in, the spinner holding their place until then', async () => {
    const { commits, notified } = await recordAnswerCommits(
      (ui) => library({ ui }),
      <MyPhotosPage />,
      (state) => photosApi.endpoints.getTimeline.select()(state).data !== undefined,
      () => document.querySelectorAll('section[data-section]').length > 0,
    );
    const feed = await screen.findByRole('region', { name: 'Photos by month' });
    await within(feed).findByRole('region', { name: 'March 2024' });
    // The answer in the store, past the store's notification, the months were not there yet:
    // they came in a later render; never a commit with neither.
    expect(notified.find((n) => n.answered)).toEqual({
      answered: true,
      spinner: true,
      shown: false,
    });
    expect(commits.every((c) => c.shown || c.spinner)).toBe(true);
    expect(commits.at(-1)).toMatchObject({ shown: true, spinner: false });
  });

  it('an answer the tabs and the heading do not show renders neither again', async () => {
    // Each answer re-renders what reads it: the page re-renders for its timeline and month
    // pages, the tabs and the heading only for what they show.
    const { store } = await library();
    const feed = await screen.findByRole('region', { name: 'Photos by month' });
    await within(feed).findByRole('region', { name: 'March 2024' });
    await screen.findByRole('tab', { name: 'Photos (5)' });
    const tabRenders = vi.mocked(photoLibraryTab).mock.calls.length;
    const headingRenders = vi.mocked(useCompactToolbar).mock.calls.length;
    expect(tabRenders).toBeGreaterThan(0);
    expect(headingRenders).toBeGreaterThan(0);
    act(() => {
      store.dispatch(
        photosApi.util.updateQueryData('getTimeline', undefined, (draft) => {
          draft.timeline['2023'] = { '12': 2 };
        }),
      );
    });
    expect(await within(feed).findByRole('region', { name: 'December 2023' })).toBeInTheDocument();
    expect(vi.mocked(photoLibraryTab).mock.calls.length).toBe(tabRenders);
    expect(vi.mocked(useCompactToolbar).mock.calls.length).toBe(headingRenders);
  });

  it('shows the flat list when sorted by upload date', async () => {
    await library({
      storage: {
        [SORTING_OPTIONS_KEY]: JSON.stringify({
          photos: { sortKey: 'created', sortOrder: 'desc' },
        }),
      },
    });
    const feed = await screen.findByRole('region', { name: 'All photos' });
    await waitFor(() => expect(within(feed).getAllByTestId('photo-tile')).toHaveLength(5));
  });

  it('a failed load says so with "Try again", which loads the library', async () => {
    let failing = true;
    await library({
      routes: {
        '/api/photo/users': () =>
          failing
            ? json({ statusCode: 500, error: 'x', message: 'y' }, 500)
            : json(photoUserFixture({ photosCount: 5 })),
      },
    });
    const alert = await screen.findByRole('alert', {
      name: 'Error: Your photos could not be loaded',
    });
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const feed = await screen.findByRole('region', { name: 'Photos by month' });
    await within(feed).findByRole('region', { name: 'March 2024' });
    expect(
      screen.queryByRole('alert', { name: 'Error: Your photos could not be loaded' }),
    ).toBeNull();
  });

  it('an empty library says so and offers the upload with its flag', async () => {
    await library({
      flags: { PhotoManagementUploadEnabled: true },
      routes: {
        '/api/photo/users': () => json(photoUserFixture({ photosCount: 0 })),
        '/api/photo/users/timeline': () => json({ timeline: {} }),
      },
    });
    expect(await screen.findByText('Your photo library is empty')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Add photos' }).at(-1)!);
    expect(await screen.findByRole('dialog', { name: 'Add photos' })).toBeInTheDocument();
  });

  it('a photo opens its preview, keeping the query string, only with the timeline flag', async () => {
    const on = await library({ flags: { PhotoManagementTimelineViewEnabled: true } });
    fireEvent.click(await screen.findByRole('button', { name: 'Open photo-2.jpg' }));
    expect(on.location().pathname).toBe(`/my-photos/photos/preview/${march[1]!.imageId}`);
    expect(on.location().search).toBe('?utm=x');
    on.unmount();

    const off = await library({ flags: { PhotoManagementTimelineViewEnabled: false } });
    fireEvent.click(await screen.findByRole('button', { name: 'Open photo-2.jpg' }));
    expect(off.location().pathname).toBe('/my-photos/photos');
  });

  it('Ctrl+A selects every loaded photo', async () => {
    await library();
    await screen.findByRole('button', { name: 'Open photo-5.jpg' });
    fireEvent.keyDown(window, { key: 'a', ctrlKey: true });
    expect(await screen.findByTestId('selected-count')).toHaveTextContent('5 selected');
  });
});
