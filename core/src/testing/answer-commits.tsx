import { screen } from '@testing-library/react';
import { Profiler, useEffect } from 'react';
import type { ReactElement } from 'react';
import { useStore } from 'react-redux';
import type { AppStore, RootState } from '../store/store';

/** What the document held at one moment of a page waiting for its answer. */
export interface AnswerCommit {
  /** The answer was in the store. */
  answered: boolean;
  /** The loading spinner was on screen. */
  spinner: boolean;
  /** The page's content was on screen. */
  shown: boolean;
}

/** What a page showed at each of its React commits and after each store notification. */
export interface AnswerRecord {
  commits: AnswerCommit[];
  /**
   * After each store notification, once the microtasks in which React renders a store update
   * synchronously have run: where the store had the answer and the page did not show it yet, the
   * answer was not rendered in the notification's task but in a later render React can slice.
   */
  notified: AnswerCommit[];
}

/** Subscribes before the page's first effects start its queries, so it sees every notification. */
function NotificationProbe({
  onStore,
  onNotify,
}: {
  onStore: (store: AppStore) => void;
  onNotify: () => void;
}) {
  const store = useStore() as AppStore;
  onStore(store);
  useEffect(() => store.subscribe(() => queueMicrotask(onNotify)), [store, onNotify]);
  return null;
}

/**
 * Renders `page` through `render` and records what it showed (the arrays fill as the page
 * renders): how a test sees that the answer reaching the store did not render the content at
 * once, and that no commit showed neither the spinner nor the content.
 */
export async function recordAnswerCommits(
  render: (ui: ReactElement) => Promise<unknown>,
  page: ReactElement,
  answered: (state: RootState) => boolean,
  shown: () => boolean,
): Promise<AnswerRecord> {
  const record: AnswerRecord = { commits: [], notified: [] };
  const rendered: { store?: AppStore } = {};
  const now = (): AnswerCommit => ({
    answered: rendered.store !== undefined && answered(rendered.store.getState()),
    spinner: screen.queryByRole('status', { name: 'Loading…' }) !== null,
    shown: shown(),
  });
  await render(
    <>
      <NotificationProbe
        onStore={(store) => {
          rendered.store = store;
        }}
        onNotify={() => record.notified.push(now())}
      />
      <Profiler id="page" onRender={() => record.commits.push(now())}>
        {page}
      </Profiler>
    </>,
  );
  return record;
}
