import { startTransition, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { useStore } from 'react-redux';

/**
 * The `useSelector` RTK Query's hooks read the store with (`base-api.ts`): a change of what a
 * screen selects re-renders it in a transition, which React renders in slices it can interrupt,
 * instead of at once. react-redux's own `useSelector` subscribes through
 * `useSyncExternalStore`, whose updates React always renders synchronously: each answer arriving
 * (the customer record, the counts, a month of photos) was one main-thread task of everything it
 * re-rendered, 100-350 ms on a phone (docs/architecture.md "Boot"). The app's own slices (the
 * selection, the sort) keep react-redux's hooks: a click's result is rendered at once.
 *
 * What a render reads is the store's state at that render, as with `useSelector`; the
 * subscription compares the selection after every dispatch and schedules the re-render only when
 * it changed (`equalityFn`, which must call equal selections equal: RTK Query passes
 * `shallowEqual` with memoised selectors; else every commit would render again).
 */
export function useTransitionSelector<TState, TSelected>(
  selector: (state: TState) => TSelected,
  equalityFn: (a: TSelected, b: TSelected) => boolean = Object.is,
): TSelected {
  const store = useStore<TState>();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const shown = useRef<{ selector: (state: TState) => TSelected; value: TSelected } | null>(null);

  let value = selector(store.getState());
  // The same selection as the last render keeps its identity (what `useSelector` returns too).
  if (shown.current && equalityFn(shown.current.value, value)) value = shown.current.value;

  useLayoutEffect(() => {
    shown.current = { selector, value };
    // A dispatch while this render was in progress (a transition renders in slices) that the
    // subscription compared with the render before: what is committed must be the store's.
    if (!equalityFn(value, selector(store.getState()))) startTransition(rerender);
  });

  useEffect(() => {
    const check = () => {
      const last = shown.current;
      if (last && !equalityFn(last.value, last.selector(store.getState())))
        startTransition(rerender);
    };
    const unsubscribe = store.subscribe(check);
    // A dispatch between the render and this subscription.
    check();
    return unsubscribe;
    // The comparison of the render that subscribed is kept: RTK Query passes a stable one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);

  return value;
}
