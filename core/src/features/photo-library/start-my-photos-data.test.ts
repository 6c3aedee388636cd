import { json, mockFetch } from '../../testing/mock-fetch';
import { photoFixtures, photoPageFixture, photoUserFixture } from '../../testing/photo-fixtures';
import { createTestStore } from '../../testing/test-store';
import { createStore } from '../../store/store';
import { photosApi } from '../photos/api';
import { preloadFirstRow, STARTED_MONTHS, startMyPhotosData } from './start-my-photos-data';

const TIMELINE = { timeline: { '2023': { '1': 4 }, '2024': { '3': 5, '11': 2, '12': 1 } } };

function routes() {
  return {
    '/api/photo/users': () => json(photoUserFixture()),
    '/api/photo/users/timeline': () => json(TIMELINE),
    '/api/photo/photos/timeline/2024/12': () => json(photoPageFixture(photoFixtures(1, 1))),
    '/api/photo/photos/timeline/2024/11': () => json(photoPageFixture(photoFixtures(2, 3))),
  };
}

const asked = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input)).pathname).sort();

describe("My photos' data starts with the store (docs/architecture.md Boot)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the user, the timeline and the first months with the arguments the page uses', async () => {
    const fetchMock = mockFetch(routes());
    const { store, platform } = createTestStore();
    await startMyPhotosData(store, platform);
    expect(asked(fetchMock)).toEqual([
      '/api/photo/photos/timeline/2024/11',
      '/api/photo/photos/timeline/2024/12',
      '/api/photo/users',
      '/api/photo/users/timeline',
    ]);
    expect(STARTED_MONTHS).toBe(2);
    await vi.waitFor(() => {
      const state = store.getState();
      expect(photosApi.endpoints.getTimeline.select()(state).data).toEqual(TIMELINE);
      expect(photosApi.endpoints.getPhotoUser.select()(state).data?.photosCount).toBe(12);
      // The page's month section finds its first page under its own argument.
      const newest = photosApi.endpoints.getMonthPhotos.select({
        year: 2024,
        month: 12,
        sortKey: 'dateTaken',
        sortOrder: 'desc',
      })(state);
      expect(newest.data?.pages[0]?.images).toHaveLength(1);
    });
    // Its first row's thumbnail is on its way (jsdom's window is 1,024 px: the 800 size).
    expect(
      [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) =>
        link.getAttribute('href'),
      ),
    ).toEqual(['https://img.test/1/800.jpg']);
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  });

  it('asks for the months only after the host started its own early ones, and takes them over', async () => {
    const fetchMock = mockFetch(routes());
    const { platform, config } = createTestStore();
    let started!: () => void;
    const early = new Map<string, Promise<Response>>();
    const prefetched = {
      take: (url: string) => {
        const response = early.get(url);
        early.delete(url);
        return response;
      },
      whenStarted: () => new Promise<void>((resolve) => (started = resolve)),
    };
    const host = { ...platform, prefetched };
    const store = createStore({ platform: host, config });
    const running = startMyPhotosData(store, host);
    await vi.waitFor(() => expect(asked(fetchMock)).toHaveLength(2));
    // The host's month pages start (here, both), then it says so.
    for (const month of [12, 11])
      early.set(
        new URL(
          `/api/photo/photos/timeline/2024/${month}?limit=24&sortKey=dateTaken&sortOrder=desc`,
          window.location.origin,
        ).href,
        Promise.resolve(json(photoPageFixture(photoFixtures(month, month)))),
      );
    started();
    await running;
    expect(asked(fetchMock)).toEqual(['/api/photo/users', '/api/photo/users/timeline']);
    expect(early.size).toBe(0);
  });

  it('guesses no months by upload date or when coming back to a stored scroll position', async () => {
    const stored: Record<string, string>[] = [
      { sortingOptions: JSON.stringify({ photos: { sortKey: 'created', sortOrder: 'desc' } }) },
      { scrollPosition: JSON.stringify([0, 1200]) },
    ];
    for (const storage of stored) {
      const fetchMock = mockFetch(routes());
      const { store, platform } = createTestStore({ storage });
      await startMyPhotosData(store, platform);
      expect(asked(fetchMock)).toEqual(['/api/photo/users', '/api/photo/users/timeline']);
    }
  });

  it('asks for nothing when signed out: the shell signs in', async () => {
    const fetchMock = mockFetch(routes());
    const { store, platform } = createTestStore({ claims: null });
    await startMyPhotosData(store, platform);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("the first row's thumbnails are asked for with their month page", () => {
  const clear = () =>
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  beforeEach(clear);
  afterEach(clear);

  const preloads = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map(
      (link) => [link.getAttribute('href'), link.getAttribute('fetchpriority')],
    );
  const at = (innerWidth: number, devicePixelRatio = 1) =>
    ({ innerWidth, devicePixelRatio, document }) as unknown as Window;

  it('the size the grid will pick, one row of it (a phone: 3 of 300)', () => {
    preloadFirstRow(photoFixtures(1, 8), at(390));
    expect(preloads()).toEqual([
      ['https://img.test/1/300.jpg', 'high'],
      ['https://img.test/2/300.jpg', 'high'],
      ['https://img.test/3/300.jpg', 'high'],
    ]);
  });

  it('large screens: 5 of 800; extra large: 6 of 300 when even the whole width makes 300 px tiles', () => {
    preloadFirstRow(photoFixtures(1, 8), at(1100));
    expect(preloads().map(([href]) => href)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `https://img.test/${n}/800.jpg`),
    );
    document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
    preloadFirstRow(photoFixtures(1, 8), at(1280));
    expect(preloads().map(([href]) => href)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `https://img.test/${n}/300.jpg`),
    );
  });

  it('none when the size depends on the grid the page has not measured yet (a retina desktop)', () => {
    preloadFirstRow(photoFixtures(1, 8), at(1280, 2));
    expect(preloads()).toEqual([]);
  });
});
