// The lint lets through every import the data allows, so the data must allow only what the code
// uses: an edge of the feature graph (or a public file of a server module) that no import needs
// would let a new coupling in unnoticed. These tests read the real imports (resolved as the lint
// resolves them, type-only and dynamic ones included) and fail on what the data declares unused.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureGraph, graphEdges } from './feature-graph.js';
import { importsOf, repoRoot, sourceFiles } from './import-graph.js';
import { serverModules, serverRoot } from './server-layers.js';

const featureOf = (file: string) =>
  /^core\/src\/features\/([^/]+)\//.exec(
    path.relative(repoRoot, file).split(path.sep).join('/'),
  )?.[1];

/** "a --> b" for every import from a file of feature a (tests included) into feature b. */
function usedFeatureEdges(): Set<string> {
  const used = new Set<string>();
  for (const file of sourceFiles('core/src/features')) {
    const from = featureOf(file);
    for (const { target } of importsOf(file)) {
      const to = featureOf(target);
      if (from && to && to !== from) used.add(`${from} --> ${to}`);
    }
  }
  return used;
}

describe('feature graph usage', () => {
  it('declares exactly the edges the imports use', () => {
    const used = usedFeatureEdges();
    const declared = graphEdges(featureGraph);
    const unused = [...declared].filter((edge) => !used.has(edge)).sort();
    expect(
      unused,
      'edges of tooling/lint/feature-graph.js that no import uses: remove them there and from ' +
        'the diagram in docs/architecture.md',
    ).toEqual([]);
    // The lint already refuses the reverse (an import along no edge); checked here too, so a
    // failure names both sides.
    expect([...used].filter((edge) => !declared.has(edge)).sort()).toEqual([]);
  });
});

describe('server modules usage', () => {
  it('declares as public exactly the files other code imports', () => {
    const src = path.join(repoRoot, 'server/src');
    const rootFiles = new Set(serverRoot.map((layer) => path.join(src, layer)));
    const moduleOf = (file: string) =>
      /^modules\/([^/]+)\/(.+)\.ts$/.exec(path.relative(src, file).split(path.sep).join('/'));
    const used = new Set<string>();
    for (const file of sourceFiles('server/src')) {
      if (rootFiles.has(file)) continue;
      const from = moduleOf(file)?.[1];
      for (const { target } of importsOf(file)) {
        const to = moduleOf(target);
        if (to && to[1] !== from) used.add(`${to[1]}/${to[2]}`);
      }
    }
    const declared = Object.entries(serverModules).flatMap(([module, files]) =>
      files.map((file) => `${module}/${file}`),
    );
    expect(
      declared.filter((file) => !used.has(file)).sort(),
      'public files of tooling/lint/server-layers.js that nothing outside their module imports',
    ).toEqual([]);
  });
});
