import { MantineProvider } from '@mantine/core';
import { render as renderBare, screen } from '@testing-library/react';
import { Component, Suspense } from 'react';
import type { ReactNode } from 'react';
import { routePage } from './route-page';
import { preloadRoutePage } from './routes';

const render = (ui: ReactNode) => renderBare(<MantineProvider>{ui}</MantineProvider>);

const module = { TestPage: () => <p>The page</p> };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed</p> : this.props.children;
  }
}

describe('route pages (route-page.tsx)', () => {
  it('never suspends (React holds a suspended page back up to 300 ms): its own loading screen, then the page', async () => {
    const load = deferred<typeof module>();
    const Page = routePage(() => load.promise, 'TestPage');
    render(
      <Suspense fallback={<p>suspended</p>}>
        <Page />
      </Suspense>,
    );
    // React.lazy would show the boundary's fallback here, and reveal the page through
    // Suspense's throttled retry.
    expect(screen.queryByText('suspended')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('common.loading');
    load.resolve(module);
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('renders a preloaded page in its first render, with no loading screen', async () => {
    const loader = vi.fn(async () => module);
    const Page = routePage(loader, 'TestPage');
    await Page.preload();
    render(<Page />);
    expect(screen.getByText('The page')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    await Page.preload();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('fails the render when the chunk does not load, and asks again next time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const loader = vi
      .fn<() => Promise<typeof module>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(module);
    const Page = routePage(loader, 'TestPage');
    const { unmount } = render(
      <Boundary>
        <Page />
      </Boundary>,
    );
    expect(await screen.findByText('failed')).toBeInTheDocument();
    unmount();
    render(<Page />);
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });

  it("finds the page of a path in the app's route table (behind its guards) and starts loading it", async () => {
    const cases: [string, string | undefined][] = [
      ['/my-photos/photos', 'MyPhotosPage'],
      ['/orders/BX1000028', 'OrderDetailPage'],
      ['/my-photos/albums/a1', 'AlbumPage'],
      ['/invoices', 'InvoicesPage'],
      ['/my-photos/photos/preview/p1', 'PhotoPreviewPage'],
      ['/no-such-page', undefined],
    ];
    for (const [path, name] of cases) {
      const page = preloadRoutePage(path);
      expect((await page?.preload())?.name, path).toBe(name);
    }
  });
});
