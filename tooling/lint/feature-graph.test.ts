// The feature graph that the lint zones are built from must stay acyclic and equal to the diagram
// maintainers read in docs/architecture.md.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  coreLayers,
  featureGraph,
  graphEdges,
  mermaidId,
  parseMermaidFlowchart,
  toMermaid,
  topologicalOrder,
} from './feature-graph.js';

const architectureDoc = fileURLToPath(new URL('../../docs/architecture.md', import.meta.url));

/** The one ```mermaid block of docs/architecture.md, or a message saying what is missing. */
function diagram(): string {
  let text: string;
  try {
    text = readFileSync(architectureDoc, 'utf8');
  } catch {
    throw new Error(
      'docs/architecture.md is missing: it must draw the feature graph as one ```mermaid block ' +
        '(flowchart TD). Expected:\n' +
        toMermaid(featureGraph),
    );
  }
  const blocks = [...text.matchAll(/^```mermaid\n([\s\S]*?)^```/gm)].map((match) => match[1]);
  if (blocks.length !== 1) {
    throw new Error(
      `docs/architecture.md must hold exactly one \`\`\`mermaid block (the feature graph), found ${blocks.length}. Expected:\n` +
        toMermaid(featureGraph),
    );
  }
  return blocks[0] ?? '';
}

describe('feature graph', () => {
  it('is acyclic and names only its own features', () => {
    const order = topologicalOrder(featureGraph);
    expect(new Set(order)).toEqual(new Set(Object.keys(featureGraph)));
    for (const [feature, deps] of Object.entries(featureGraph)) {
      for (const dep of deps) expect(order.indexOf(dep)).toBeLessThan(order.indexOf(feature));
    }
  });

  it('rejects a cycle and an unknown feature', () => {
    expect(() => topologicalOrder({ a: ['b'], b: ['c'], c: ['a'] })).toThrow(
      'cycle: a -> b -> c -> a',
    );
    expect(() => topologicalOrder({ a: ['missing'] })).toThrow('"missing", which is not a feature');
  });

  it('has an acyclic layer table whose entries are layers', () => {
    const layers = Object.keys(coreLayers);
    expect(() => topologicalOrder(coreLayers)).not.toThrow();
    for (const allowed of Object.values(coreLayers)) {
      for (const layer of allowed) expect(layers).toContain(layer);
    }
    // Only the composition root and the test helpers may reach features.
    const reachFeatures = layers.filter((layer) => coreLayers[layer]?.includes('features'));
    expect(reachFeatures.sort()).toEqual(['app', 'testing']);
  });

  it('is drawn in docs/architecture.md with exactly the same edges', () => {
    const drawn = parseMermaidFlowchart(diagram());
    expect(drawn.direction).toBe('TD');
    expect([...drawn.nodes].sort()).toEqual(Object.keys(featureGraph).sort());
    expect([...drawn.edges].sort()).toEqual([...graphEdges(featureGraph)].sort());
  });
});

describe('core layer table', () => {
  it('is written in docs/architecture.md with the same rows', () => {
    const text = readFileSync(architectureDoc, 'utf8');
    const start = text.indexOf('\n## Layers inside core/src\n');
    expect(start, 'the section "Layers inside core/src"').toBeGreaterThan(-1);
    const section = text.slice(start + 1).split(/\n## /)[0] ?? '';
    const layers = Object.keys(coreLayers);
    const documented = new Map(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .map((line) => {
          const cells = line.split('|').map((cell) => cell.trim());
          const layer = (/`([^`]+)`/.exec(cells[1] ?? '')?.[1] ?? '')
            .replace('/<name>', '')
            .replace(/\/$/, '');
          const allowedText = (cells[3] ?? '').split(/\bnever\b/)[0] ?? '';
          const allowed = allowedText.startsWith('everything')
            ? // `api` covers `api/schemas` (a layer covers its sub-folders).
              layers.filter(
                (other) => other !== layer && other !== 'testing' && !other.includes('/'),
              )
            : [...allowedText.matchAll(/`([^`]+)`/g)]
                .map((match) => (match[1] ?? '').replace(/\/$/, ''))
                .filter((name) => name !== layer);
          return [layer, allowed.sort()] as const;
        }),
    );
    expect([...documented.keys()]).toEqual(layers);
    for (const layer of layers) {
      const expected = (coreLayers[layer] ?? []).filter((name) => name !== layer);
      expect(documented.get(layer), `the row of ${layer}`).toEqual([...expected].sort());
    }
  });
});

describe('mermaid reading', () => {
  it('maps ids to labels, wherever a node is declared', () => {
    const parsed = parseMermaidFlowchart(
      [
        'flowchart TD',
        '  %% a comment',
        '  photo_library[photo-library] --> photos',
        '  photos[photos] --> brand',
        '  brand',
      ].join('\n'),
    );
    expect([...parsed.edges]).toEqual(['photo-library --> photos', 'photos --> brand']);
    expect([...parsed.nodes].sort()).toEqual(['brand', 'photo-library', 'photos']);
  });

  it('refuses lines it cannot read and nodes with two labels', () => {
    expect(() => parseMermaidFlowchart('flowchart TD\n  a -.-> b')).toThrow('cannot read');
    expect(() => parseMermaidFlowchart('flowchart TD\n  a[x]\n  a[y]')).toThrow('two labels');
    expect(() => parseMermaidFlowchart('sequenceDiagram\n  a->>b: hi')).toThrow('flowchart TD');
  });

  it('round-trips the graph through toMermaid', () => {
    const parsed = parseMermaidFlowchart(toMermaid(featureGraph));
    expect(parsed.edges).toEqual(graphEdges(featureGraph));
    expect(toMermaid({ 'print-order': [] })).toContain(`${mermaidId('print-order')}[print-order]`);
  });
});
