import { act, renderHook } from '@testing-library/react';
import { SCROLL_DWELL_MS, useShouldLoad } from './use-month-section-loader';

describe('a month section loads once it is worth it (docs/product.md#states)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a visible section of a still list loads at once; an invisible one never', () => {
    const { result, rerender } = renderHook(({ visible }) => useShouldLoad(visible, false), {
      initialProps: { visible: false },
    });
    expect(result.current).toBe(false);
    rerender({ visible: true });
    expect(result.current).toBe(true);
  });

  it('a section mounted on screen in a still list loads from its first render, not after another', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useShouldLoad(true, false);
    });
    expect(result.current).toBe(true);
    expect(renders).toBe(1);
  });

  it('while scrolling, only after staying on screen for the dwell time', () => {
    const { result, rerender } = renderHook(
      ({ visible, scrolling }) => useShouldLoad(visible, scrolling),
      { initialProps: { visible: true, scrolling: true } },
    );
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(SCROLL_DWELL_MS - 1));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    // A section flung past before the dwell time never loads.
    rerender({ visible: false, scrolling: true });
    expect(result.current).toBe(false);
    rerender({ visible: true, scrolling: true });
    act(() => vi.advanceTimersByTime(SCROLL_DWELL_MS / 2));
    rerender({ visible: false, scrolling: true });
    act(() => vi.advanceTimersByTime(SCROLL_DWELL_MS));
    expect(result.current).toBe(false);
  });
});
