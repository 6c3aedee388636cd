import { screen } from '@testing-library/react';
import { Profiler } from 'react';
import type { ReactElement } from 'react';
import type { AppStore, RootState } from '../store/store';

/** What the document held at one React commit of a page waiting for its answer. */
export interface AnswerCommit {
  /** The answer was in the store. */
  answered: boolean;
  /** The loading spinner was on screen. */
  spinner: boolean;
  /** The page's content was on screen. */
  shown: boolean;
}

/**
 * Renders `page` through `render` and records each React commit (the array fills as the page
 * renders): how a test sees that the answer's own render, which React makes synchronously,
 * kept the spinner, and the content came in a deferred render after it.
 */
export async function recordAnswerCommits(
  render: (ui: ReactElement) => Promise<{ store: AppStore }>,
  page: ReactElement,
  answered: (state: RootState) => boolean,
  shown: () => boolean,
): Promise<AnswerCommit[]> {
  const commits: AnswerCommit[] = [];
  const rendered: { store?: AppStore } = {};
  const record = () =>
    commits.push({
      answered: rendered.store !== undefined && answered(rendered.store.getState()),
      spinner: screen.queryByRole('status', { name: 'Loading…' }) !== null,
      shown: shown(),
    });
  rendered.store = (
    await render(
      <Profiler id="page" onRender={record}>
        {page}
      </Profiler>,
    )
  ).store;
  return commits;
}
