import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { markContentShown, resetContentShownForTests } from './first-content';
import { lazyAfterContent } from './lazy-after-content';

afterEach(() => {
  resetContentShownForTests();
});

function Bar({ label }: { label: string }) {
  return <p>{label}</p>;
}

const shown = (ui: React.ReactNode) => render(<Suspense fallback={<p>waiting</p>}>{ui}</Suspense>);

describe('lazyAfterContent', () => {
  it('fetches the part once the content is shown; then a new instance renders it at once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Bar }));
    const LazyBar = lazyAfterContent(load);
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      markContentShown();
      await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    });
    // No fallback at all: the part is in the first commit (through React.lazy alone it would
    // suspend once, and React holds a revealed part back for up to 300 ms).
    shown(<LazyBar label="Select mode" />);
    expect(screen.getByText('Select mode')).toBeInTheDocument();
    expect(screen.queryByText('waiting')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends when wanted before its code is in, and shows it when it arrives', async () => {
    let arrive!: (module: { default: typeof Bar }) => void;
    const LazyBar = lazyAfterContent(
      () => new Promise<{ default: typeof Bar }>((resolve) => (arrive = resolve)),
    );
    shown(<LazyBar label="Delivery address" />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => arrive({ default: Bar }));
    expect(await screen.findByText('Delivery address')).toBeInTheDocument();
  });
});
