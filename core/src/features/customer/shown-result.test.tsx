import { screen, waitFor } from '@testing-library/react';
import { useGetCustomerQuery } from './api';
import { renderFeature } from '../../testing/render-feature';
import { shownResult } from '../../api/shown-result';

afterEach(() => vi.unstubAllGlobals());

const neverAnswered = () => new Promise<Response>(() => undefined);

/** A screen of one query, counting its renders. */
function probe(selectShown: boolean) {
  const renders: { isLoading: boolean; data: unknown }[] = [];
  function Probe() {
    const customer = useGetCustomerQuery(
      undefined,
      selectShown ? { selectFromResult: shownResult } : undefined,
    );
    renders.push({ isLoading: customer.isLoading, data: customer.data });
    return <p>{customer.isLoading ? 'Loading' : 'Shown'}</p>;
  }
  return { Probe, renders };
}

describe('shownResult', () => {
  it('a query starting in the screen’s first effects renders the screen once, loading', async () => {
    const { Probe, renders } = probe(true);
    const { fetchMock } = await renderFeature(<Probe />, {
      routes: { '/api/customer/customers/me': neverAnswered },
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The store tells its readers of the start at the next frame: past it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The request's bookkeeping (its id, its start time) is not what the screen shows.
    expect(renders).toEqual([{ isLoading: true, data: undefined }]);
    expect(screen.getByText('Loading')).toBeInTheDocument();
  });

  it('with the whole result selected the same start renders the screen again', async () => {
    // Why the screens select: the check above would fail without it.
    const { Probe, renders } = probe(false);
    const { fetchMock } = await renderFeature(<Probe />, {
      routes: { '/api/customer/customers/me': neverAnswered },
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(renders.length).toBeGreaterThan(1));
    expect(renders.every((render) => render.isLoading)).toBe(true);
  });

  it('shows the answer, and an error as an error', () => {
    const base = { isUninitialized: false, isLoading: false, isFetching: false };
    expect(shownResult({ ...base, isSuccess: true, isError: false, data: 1 })).toMatchObject({
      data: 1,
      isSuccess: true,
      isLoading: false,
    });
    expect(
      shownResult({ ...base, isSuccess: false, isError: true, error: { status: 500 } }),
    ).toMatchObject({ isError: true, error: { status: 500 }, isLoading: false });
    expect(
      shownResult({
        isUninitialized: true,
        isLoading: false,
        isFetching: false,
        isSuccess: false,
        isError: false,
      }),
    ).toMatchObject({ isLoading: true, isFetching: true });
  });
});
