import { Profiler } from 'react';
import type { ReactElement } from 'react';
import { renderFeature } from './render-feature';

/**
 * Renders a photo grid or list and records, at each React commit, how many photo tiles and
 * placeholders the document holds: how a test sees which photos a render drew at once and
 * which it left to a deferred render.
 */
export async function renderCountingTiles(ui: ReactElement): Promise<[number, number][]> {
  const commits: [number, number][] = [];
  const count = () =>
    commits.push([
      document.querySelectorAll('[data-testid="photo-tile"]').length,
      document.querySelectorAll('[data-testid="photo-placeholder"]').length,
    ]);
  await renderFeature(
    <Profiler id="tiles" onRender={count}>
      {ui}
    </Profiler>,
  );
  return commits;
}
