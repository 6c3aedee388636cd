import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedProject } from '../../../api/schemas/project';
import { json } from '../../../testing/mock-fetch';
import { renderFeature } from '../../../testing/render-feature';
import { showToast } from '../../../ui/toast';
import type * as ToastModule from '../../../ui/toast';
import { SavedProjectsPage } from './saved-projects-page';

vi.mock('../../../ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastModule>()),
  showToast: vi.fn(),
}));

afterEach(() => {
  vi.mocked(showToast).mockClear();
  vi.restoreAllMocks();
});

const projects: SavedProject[] = Array.from({ length: 23 }, (_, index) => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  name: `Project ${index + 1}`,
  articleType: 'BOOK_HC_A4',
  productTitle: 'Hardcover photo book A4',
  channel: 'photobox-uk',
  pageCount: 24,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  editUrl: 'https://www.photobox.co.uk/editor?project=1',
}));

/** The projects API over `store`: pages by skip/limit, deletes that fail `failures` times. */
function projectsApi(store: SavedProject[], failures = { count: 0 }) {
  const list = (url: URL) => {
    const skip = Number(url.searchParams.get('skip'));
    const limit = Number(url.searchParams.get('limit'));
    return json({ projects: store.slice(skip, skip + limit), totalProjectCount: store.length });
  };
  const remove = (url: URL) => {
    if (failures.count > 0) {
      failures.count -= 1;
      return json({ statusCode: 503, message: 'busy' }, 503);
    }
    const id = url.pathname.split('/').pop();
    store.splice(
      store.findIndex((project) => project.id === id),
      1,
    );
    return new Response(null, { status: 204 });
  };
  return (url: URL) =>
    url.pathname.startsWith('/api/projects/api/v2/projects/') ? list(url) : remove(url);
}

/** mockFetch routes: the list of user-1 and the delete of every project. */
function withApi(
  store: SavedProject[],
  failures?: { count: number },
): Record<string, (url: URL) => Response | Promise<Response>> {
  const api = projectsApi(store, failures);
  return Object.fromEntries(
    [
      '/api/projects/api/v2/projects/user-1',
      ...store.map((project) => `/api/projects/api/v2/project/${project.id}`),
    ].map((path) => [path, api]),
  );
}

describe('SavedProjectsPage', () => {
  it('asks for pages of 10 with skip=(page-1)*size and keeps page in the query string', async () => {
    const user = userEvent.setup();
    const { fetchMock, location } = await renderFeature(<SavedProjectsPage />, {
      path: '/saved-projects?page=2',
      routes: withApi([...projects]),
    });
    expect(await screen.findByText('Project 11')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), window.location.origin))
      .filter((url) => url.pathname === '/api/projects/api/v2/projects/user-1');
    expect(asked.map((url) => url.search)).toEqual(['?skip=10&limit=10']);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Project 21')).toBeInTheDocument();
    expect(location().search).toBe('?page=3');
  });

  it('a failed delete marks only that project; a second delete removes it and the pages reload', async () => {
    // jsdom lays nothing out: the page's heading counts as shown.
    vi.spyOn(HTMLHeadingElement.prototype, 'getClientRects').mockReturnValue([
      new DOMRect(0, 0, 10, 10),
    ] as unknown as DOMRectList);
    const user = userEvent.setup();
    const store = [...projects];
    const { fetchMock } = await renderFeature(<SavedProjectsPage />, {
      path: '/saved-projects',
      routes: withApi(store, { count: 1 }),
    });
    await screen.findByText('Project 1');
    const card = () => screen.getByText('Project 1').closest('li')!;
    await user.click(screen.getByRole('button', { name: 'Delete Project 1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'This project could not be deleted. Please try again.',
    );
    expect(within(screen.getByText('Project 2').closest('li')!).queryByRole('alert')).toBeNull();
    expect(showToast).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete Project 1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Project 1')).toBeNull());
    expect(screen.getByText('Project 11')).toBeInTheDocument();
    // The card is gone: a toast says what happened and focus is on the page's heading.
    expect(showToast).toHaveBeenCalledExactlyOnceWith({
      message: '“Project 1” has been deleted.',
      role: 'status',
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    const lists = fetchMock.mock.calls.filter(([input]) =>
      String(input).includes('/api/v2/projects/'),
    );
    expect(lists).toHaveLength(2);
  });

  it('a deleted project stays busy until the reloaded list drops it, never shown as normal between', async () => {
    vi.spyOn(HTMLHeadingElement.prototype, 'getClientRects').mockReturnValue([
      new DOMRect(0, 0, 10, 10),
    ] as unknown as DOMRectList);
    const user = userEvent.setup();
    const routes = withApi([...projects]);
    const listPath = '/api/projects/api/v2/projects/user-1';
    const list = routes[listPath]!;
    let release: () => void = () => {};
    let lists = 0;
    // The list read after the delete waits, so the state between the two answers can be seen.
    routes[listPath] = async (url) => {
      lists += 1;
      if (lists > 1) await new Promise<void>((resolve) => (release = resolve));
      return list(url);
    };
    await renderFeature(<SavedProjectsPage />, { path: '/saved-projects', routes });
    await screen.findByText('Project 1');
    const card = screen.getByText('Project 1').closest('li')!;
    await user.click(screen.getByRole('button', { name: 'Delete Project 1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledOnce());
    await waitFor(() => expect(lists).toBe(2));
    expect(card).toHaveAttribute('aria-busy', 'true');
    let shownAsNormal = false;
    const watch = new MutationObserver(() => {
      shownAsNormal ||= card.isConnected && card.getAttribute('aria-busy') !== 'true';
    });
    watch.observe(document.body, { attributes: true, childList: true, subtree: true });
    release();
    await waitFor(() => expect(screen.queryByText('Project 1')).toBeNull());
    watch.disconnect();
    expect(shownAsNormal).toBe(false);
    expect(screen.getByText('Project 11')).toBeInTheDocument();
  });

  it('a failed fetch says what to do with "Try again", never the error itself', async () => {
    const user = userEvent.setup();
    let failing = true;
    await renderFeature(<SavedProjectsPage />, {
      path: '/saved-projects',
      routes: {
        '/api/projects/api/v2/projects/user-1': (url: URL) =>
          failing
            ? json({ statusCode: 500, message: 'projects store offline' }, 500)
            : projectsApi([...projects])(url),
      },
    });
    const alert = await screen.findByRole('alert', {
      name: 'Your saved projects could not be loaded',
    });
    expect(alert).toHaveTextContent(
      'Please try again. If it keeps happening, contact customer care.',
    );
    for (const secret of ['projects store offline', 'user-1', '/api/', 'Status Code', '500'])
      expect(alert).not.toHaveTextContent(secret);
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Project 1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a page past the last one goes to the last page, replacing the address', async () => {
    const { location } = await renderFeature(<SavedProjectsPage />, {
      path: '/saved-projects?page=99',
      routes: withApi([...projects]),
    });
    expect(await screen.findByText('Project 21')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(location().search).toBe('?page=3');
  });
});
