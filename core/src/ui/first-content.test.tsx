import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import {
  afterContentOrLoad,
  afterContentShown,
  markContentShown,
  markShownWhenDecoded,
  resetContentShownForTests,
} from './first-content';
import { useFloating } from './use-floating';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetContentShownForTests();
});

describe('afterContentOrLoad', () => {
  it("runs once on the window's load event when the content is not shown yet", async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const run = vi.fn();
    afterContentOrLoad(run);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(run).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    markContentShown();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs once when the content is shown before the load event', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const run = vi.fn();
    afterContentOrLoad(run);
    markContentShown();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('afterContentShown', () => {
  it('waits for the content and its paint, then runs once; later calls run at once', async () => {
    const run = vi.fn();
    afterContentShown(run);
    expect(run).not.toHaveBeenCalled();
    markContentShown();
    markContentShown();
    expect(run).not.toHaveBeenCalled(); // not before the next frame is painted
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    const later = vi.fn();
    afterContentShown(later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('runs each waiting callback in a task of its own, in the order they came', () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    afterContentShown(() => ran.push('bars'));
    afterContentShown(() => ran.push('menus'));
    afterContentShown(() => ran.push('scrubber'));
    markContentShown();
    vi.advanceTimersToNextFrame();
    expect(ran).toEqual([]);
    // One timer a callback: the browser can paint or answer an input between them.
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['bars']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['bars', 'menus']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['bars', 'menus', 'scrubber']);
  });

  it("the user's first input counts as shown", async () => {
    const run = vi.fn();
    afterContentShown(run);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
  });

  it('a page that never shows content still gets it after the fallback delay', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    afterContentShown(run, 3000);
    vi.advanceTimersByTime(2999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

function FloatingProbe() {
  const floating = useFloating();
  return floating ? (
    <floating.Tooltip label="Tip" opened>
      <button type="button">loaded</button>
    </floating.Tooltip>
  ) : (
    <button type="button">waiting</button>
  );
}

describe('useFloating', () => {
  it('loads Menu and Tooltip only once the content is shown', async () => {
    render(
      <MantineProvider env="test">
        <FloatingProbe />
      </MantineProvider>,
    );
    // Give a premature import every chance to land: it must not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'waiting' })).toBeInTheDocument();
    act(() => markContentShown());
    await waitFor(() => expect(screen.getByRole('button', { name: 'loaded' })).toBeInTheDocument());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Tip');
  });
});

describe('markShownWhenDecoded', () => {
  function imageAt(top: number): HTMLImageElement {
    const image = document.createElement('img');
    image.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 100, height: 100 });
    return image;
  }

  it('an image below the fold does not count; one in the viewport does', async () => {
    const run = vi.fn();
    afterContentShown(run);
    markShownWhenDecoded(imageAt(window.innerHeight + 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(run).not.toHaveBeenCalled();
    markShownWhenDecoded(imageAt(10));
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
  });
});

describe('where the browser reports paints (Element Timing)', () => {
  it('the first painted thumbnail marks the content shown; a decoded image alone does not', async () => {
    let report: ((list: { getEntries: () => unknown[] }) => void) | undefined;
    class FakeObserver {
      static supportedEntryTypes = ['element'];
      constructor(callback: typeof report) {
        report = callback;
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    try {
      const run = vi.fn();
      afterContentShown(run);
      const image = document.createElement('img');
      image.getBoundingClientRect = () =>
        DOMRect.fromRect({ x: 0, y: 10, width: 100, height: 100 });
      markShownWhenDecoded(image);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(run).not.toHaveBeenCalled();
      report?.({ getEntries: () => [{ identifier: 'banner' }] });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(run).not.toHaveBeenCalled();
      report?.({ getEntries: () => [{ identifier: 'photo-thumbnail' }] });
      await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
