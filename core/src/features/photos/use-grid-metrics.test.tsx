import { act, render } from '@testing-library/react';
import { Profiler, useRef } from 'react';
import { useDocumentOffsetTop, useElementWidth } from './use-grid-metrics';

/** ResizeObservers the test reports through, as the browser does after laying out a frame. */
let observers: ResizeObserverCallback[] = [];
class ReportingObserver {
  constructor(callback: ResizeObserverCallback) {
    observers.push(callback);
  }
  observe() {}
  unobserve() {}
  disconnect() {}
}
const reportWidth = (width: number) =>
  act(() =>
    observers.forEach((report) =>
      report([{ contentRect: { width } } as ResizeObserverEntry], {} as ResizeObserver),
    ),
  );

beforeEach(() => {
  observers = [];
  vi.stubGlobal('ResizeObserver', ReportingObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderMeasured(urgent: boolean) {
  const widthRead = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(380);
  const rectRead = vi
    .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    .mockReturnValue({ top: 120 } as DOMRect);
  const seen: { width: number; top: number }[] = [];
  let commits = 0;
  function Measured() {
    const ref = useRef<HTMLDivElement>(null);
    seen.push({ width: useElementWidth(ref, urgent), top: useDocumentOffsetTop(ref, urgent) });
    return <div ref={ref} />;
  }
  render(
    <Profiler id="measured" onRender={() => (commits += 1)}>
      <Measured />
    </Profiler>,
  );
  return { seen, commits: () => commits, widthRead, rectRead };
}

describe("a list's width and place in the page (docs/architecture.md, phone blocking time)", () => {
  it('with nothing on screen depending on them, mounts in one commit and reads no layout', () => {
    const { seen, commits, widthRead, rectRead } = renderMeasured(false);
    expect(commits()).toBe(1);
    expect(widthRead).not.toHaveBeenCalled();
    expect(rectRead).not.toHaveBeenCalled();
    expect(seen.at(-1)).toEqual({ width: 0, top: 0 });
    // The observers' first reports, after the browser's own layout, bring both.
    reportWidth(380);
    expect(seen.at(-1)).toEqual({ width: 380, top: 120 });
  });

  it('with tiles on screen, measures both before the paint', () => {
    const { seen, commits, widthRead } = renderMeasured(true);
    expect(widthRead).toHaveBeenCalled();
    // The mount and the measured render, both inside render(): before the browser paints.
    expect(commits()).toBe(2);
    expect(seen.at(-1)).toEqual({ width: 380, top: 120 });
  });
});
