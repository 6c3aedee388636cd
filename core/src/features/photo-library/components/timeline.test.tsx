import { fireEvent, screen, waitFor } from '@testing-library/react';
import { act, createRef } from 'react';
import { json } from '../../../testing/mock-fetch';
import { photoFixtures } from '../../../testing/photo-fixtures';
import { renderFeature } from '../../../testing/render-feature';
import { buildMonthSections } from '../../photos/month-sections';
import { SCROLL_POSITION_KEY, VISIBLE_TIMELINE_SECTIONS_KEY } from '../../photos/persisted-state';
import type { PhotoListHandle } from '../library-list';
import { markContentShown, resetContentShownForTests } from '../../../ui/first-content';
import { Timeline } from './timeline';

afterEach(() => {
  resetContentShownForTests();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Six months of 24 photos: at jsdom's 1024 × 768 each is taller than the screen.
const sections = buildMonthSections(
  { '2024': { '1': 24, '2': 24, '3': 24, '4': 24, '5': 24, '6': 24 } },
  'desc',
);

function monthRoutes(seen: string[]) {
  const routes: Record<string, () => Response> = {};
  for (const month of [1, 2, 3, 4, 5, 6]) {
    routes[`/api/photo/photos/timeline/2024/${month}`] = () => {
      seen.push(`2024-${month}`);
      return json({ cursor: null, images: photoFixtures(month * 100, month * 100 + 23) });
    };
  }
  return routes;
}

function renderTimeline(seen: string[], storage: Record<string, string> = {}) {
  const handleRef = createRef<PhotoListHandle>() as { current: PhotoListHandle | null };
  const rendered = renderFeature(
    <Timeline
      sections={sections}
      sort={{ sortKey: 'dateTaken', sortOrder: 'desc' }}
      onOpen={vi.fn()}
      handleRef={handleRef}
    />,
    { routes: monthRoutes(seen), storage },
  );
  return { rendered, handleRef };
}

describe('the timeline (docs/product.md#screens Timeline)', () => {
  it('renders the sections near the screen and loads only the one on it', async () => {
    const seen: string[] = [];
    const { handleRef } = renderTimeline(seen);
    const june = await screen.findByRole('region', { name: 'June 2024' });
    expect(june).toBeInTheDocument();
    // The next month is rendered (overscan) but does not load.
    expect(screen.getByRole('region', { name: 'May 2024' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'January 2024' })).toBeNull();
    await waitFor(() => expect(seen).toEqual(['2024-6']));
    // The feed has the height of all six months before they load.
    const feed = screen.getByRole('region', { name: 'Photos by month' });
    expect(parseInt(feed.style.height, 10)).toBeGreaterThan(6 * 768);
    await waitFor(() => expect(handleRef.current?.loadedPhotos()).toHaveLength(24));
    expect(handleRef.current?.visibleSectionKeys()).toEqual(['2024-6']);
  });

  it('back from the preview, it loads the months that were on screen and scrolls back', async () => {
    const seen: string[] = [];
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { rendered } = renderTimeline(seen, {
      [SCROLL_POSITION_KEY]: '[0,3000]',
      [VISIBLE_TIMELINE_SECTIONS_KEY]: '["2024-3","2024-2"]',
    });
    const { platform } = await rendered;
    await waitFor(() => expect(seen).toEqual(expect.arrayContaining(['2024-3', '2024-2'])));
    await waitFor(() =>
      expect(scrollTo).toHaveBeenCalledWith({ left: 0, top: 3000, behavior: 'smooth' }),
    );
    expect(platform.storage.get(SCROLL_POSITION_KEY)).toBeNull();
  });

  it('loads the date scrubber after the first content, keeping its room until then', async () => {
    renderTimeline([]);
    await screen.findByRole('region', { name: 'June 2024' });
    const room = screen.getByTestId('date-scrubber-room');
    expect(screen.queryByRole('slider', { name: 'Timeline dates' })).toBeNull();
    act(() => markContentShown());
    const slider = await screen.findByRole('slider', { name: 'Timeline dates' });
    // The scrubber takes the placeholder's place with the same box (its class sets the width).
    expect(screen.getByTestId('date-scrubber').className).toBe(room.className);
    expect(screen.queryByTestId('date-scrubber-room')).toBeNull();
    expect(slider).toHaveAttribute('aria-valuetext', 'June 2024');
  });

  it('has a date scrubber whose keys jump to a month and load it at once', async () => {
    markContentShown();
    const seen: string[] = [];
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderTimeline(seen);
    const slider = await screen.findByRole('slider', { name: 'Timeline dates' });
    expect(slider).toHaveAttribute('aria-valuetext', 'June 2024');
    await waitFor(() => expect(seen).toEqual(['2024-6']));
    slider.focus();
    fireEvent.keyDown(slider, { key: 'End' });
    expect(slider).toHaveAttribute('aria-valuetext', 'January 2024');
    // Requested by the jump itself (the mocked scroll moves nothing, so no section asks).
    await waitFor(() => expect(seen).toContain('2024-1'));
    // The month's header lands at the top: its start in the document.
    const feed = screen.getByRole('region', { name: 'Photos by month' });
    const monthHeight = parseInt(feed.style.height, 10) / 6;
    expect(scrollTo).toHaveBeenLastCalledWith(
      expect.objectContaining({ top: Math.round(5 * monthHeight) }),
    );
    fireEvent.keyDown(slider, { key: 'ArrowUp' });
    expect(slider).toHaveAttribute('aria-valuetext', 'February 2024');
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(slider).toHaveAttribute('aria-valuetext', 'June 2024');
    fireEvent.keyDown(slider, { key: 'PageDown' });
    // Nothing a year away: the oldest month.
    expect(slider).toHaveAttribute('aria-valuetext', 'January 2024');
  });

  it("shows the phone's scrubber handle on a touch or a scroll, and hides it after", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderTimeline([]);
      // The scrubber's code loads after the first content, one deferred start at a time: on a
      // busy machine that takes longer than findBy's default second.
      const scrubber = await screen.findByTestId('date-scrubber', {}, { timeout: 10_000 });
      expect(scrubber).not.toHaveAttribute('data-active');
      fireEvent.touchStart(window);
      expect(scrubber).toHaveAttribute('data-active', 'true');
      vi.advanceTimersByTime(1600);
      expect(scrubber).not.toHaveAttribute('data-active');
      fireEvent.scroll(window);
      expect(scrubber).toHaveAttribute('data-active', 'true');
    } finally {
      vi.useRealTimers();
    }
  });
});
