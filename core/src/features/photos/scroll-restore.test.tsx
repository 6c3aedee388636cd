import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderFeature } from '../../testing/render-feature';
import { SCROLL_POSITION_KEY, VISIBLE_TIMELINE_SECTIONS_KEY } from './persisted-state';
import { useListScrollRestore, useOpenPreview } from './scroll-restore';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Opener() {
  const open = useOpenPreview(
    (id) => `/my-photos/photos/preview/${id}`,
    () => ['2024-3'],
  );
  return (
    <button type="button" onClick={() => open('p-1')}>
      open
    </button>
  );
}

const previewPath = (id: string) => `/albums/a/preview/${id}`;

/** Records the function `useOpenPreview` returns on each render. */
function OpenerSeen({ seen, tick }: { seen: unknown[]; tick: number }) {
  seen.push(useOpenPreview(previewPath));
  return <span>{tick}</span>;
}

function Restorer({ ready, onRestore }: { ready: boolean; onRestore: (keys: string[]) => void }) {
  useListScrollRestore(ready, onRestore);
  return null;
}

describe('the one scroll-restore path (docs/product.md#screens, docs/product.md#data)', () => {
  it('opening a photo remembers the list’s place and keeps the query string', async () => {
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(1234);
    const { platform, location } = await renderFeature(<Opener />, {
      path: '/my-photos/photos?utm=x',
    });
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(platform.storage.get(SCROLL_POSITION_KEY)).toBe('[0,1234]');
    expect(platform.storage.get(VISIBLE_TIMELINE_SECTIONS_KEY)).toBe('["2024-3"]');
    expect(location().pathname).toBe('/my-photos/photos/preview/p-1');
    expect(location().search).toBe('?utm=x');
  });

  it('gives the same function on every render, so the tiles it is passed to are not re-rendered', async () => {
    const seen: unknown[] = [];
    const { rerender } = await renderFeature(<OpenerSeen seen={seen} tick={1} />);
    rerender(<OpenerSeen seen={seen} tick={2} />);
    await screen.findByText('2');
    expect(seen.length).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(1);
  });

  it('the list scrolls back once it is ready, hands over the months, and forgets the place', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const onRestore = vi.fn();
    const storage = {
      [SCROLL_POSITION_KEY]: '[0,900]',
      [VISIBLE_TIMELINE_SECTIONS_KEY]: '["2024-3"]',
    };
    const { rerender, platform } = await renderFeature(
      <Restorer ready={false} onRestore={onRestore} />,
      { storage },
    );
    expect(onRestore).not.toHaveBeenCalled();
    rerender(<Restorer ready onRestore={onRestore} />);
    await waitFor(() =>
      expect(scrollTo).toHaveBeenCalledWith({ left: 0, top: 900, behavior: 'smooth' }),
    );
    expect(onRestore).toHaveBeenCalledWith(['2024-3']);
    expect(platform.storage.get(SCROLL_POSITION_KEY)).toBeNull();
  });

  it('with reduced motion the list jumps back instead of gliding', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const matchMedia = window.matchMedia.bind(window);
    vi.stubGlobal('matchMedia', (query: string) =>
      Object.assign(matchMedia(query), { matches: query === '(prefers-reduced-motion: reduce)' }),
    );
    await renderFeature(<Restorer ready onRestore={vi.fn()} />, {
      storage: { [SCROLL_POSITION_KEY]: '[0,900]' },
    });
    await waitFor(() =>
      expect(scrollTo).toHaveBeenCalledWith({ left: 0, top: 900, behavior: 'auto' }),
    );
  });

  it('without a stored place nothing moves', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const onRestore = vi.fn();
    await renderFeature(<Restorer ready onRestore={onRestore} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(onRestore).not.toHaveBeenCalled();
  });
});
