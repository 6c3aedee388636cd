import { configureStore, createSlice } from '@reduxjs/toolkit';
import { render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { Provider } from 'react-redux';
import { useTransitionSelector } from './transition-selector';

const counter = createSlice({
  name: 'counter',
  initialState: { count: 0, other: 0 },
  reducers: {
    counted: (state) => void (state.count += 1),
    uncounted: (state) => void (state.count -= 1),
    otherChanged: (state) => void (state.other += 1),
  },
});
type State = { counter: ReturnType<typeof counter.reducer> };

function setUp(onMount?: (store: ReturnType<typeof makeStore>) => void) {
  const store = makeStore();
  const renders: number[] = [];
  function Count() {
    const count = useTransitionSelector((state: State) => state.counter.count);
    renders.push(count);
    // Before the subscription's effect: a dispatch the subscription must still see.
    useLayoutEffect(() => {
      onMount?.(store);
    }, []);
    return <p>Count {count}</p>;
  }
  render(
    <Provider store={store}>
      <Count />
    </Provider>,
  );
  return { store, renders };
}

function makeStore() {
  return configureStore({ reducer: { counter: counter.reducer } });
}

const afterMicrotasks = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('useTransitionSelector', () => {
  it('renders a change of the selection after the dispatch, not within its task', async () => {
    const { store } = setUp();
    expect(screen.getByText('Count 0')).toBeInTheDocument();
    store.dispatch(counter.actions.counted());
    // react-redux's useSelector would have rendered it in these microtasks.
    await afterMicrotasks();
    await afterMicrotasks();
    expect(screen.getByText('Count 0')).toBeInTheDocument();
    expect(await screen.findByText('Count 1')).toBeInTheDocument();
  });

  it('does not render again for a change it does not select', async () => {
    const { store, renders } = setUp();
    const before = renders.length;
    store.dispatch(counter.actions.otherChanged());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renders.length).toBe(before);
  });

  it('sees a dispatch between its render and its subscription', async () => {
    setUp((store) => store.dispatch(counter.actions.counted()));
    await waitFor(() => expect(screen.getByText('Count 1')).toBeInTheDocument());
  });

  it('commits what the store holds when it changed back during the render', async () => {
    const store = makeStore();
    let changedBack = false;
    function Count() {
      const count = useTransitionSelector((state: State) => state.counter.count);
      // While this render is in progress the count goes back to what the screen showed before:
      // the subscription compares with that and sees no change.
      if (count === 1 && !changedBack) {
        changedBack = true;
        store.dispatch(counter.actions.uncounted());
      }
      return <p>Count {count}</p>;
    }
    render(
      <Provider store={store}>
        <Count />
      </Provider>,
    );
    store.dispatch(counter.actions.counted());
    await waitFor(() => expect(changedBack).toBe(true));
    await waitFor(() => expect(screen.getByText('Count 0')).toBeInTheDocument());
  });
});
