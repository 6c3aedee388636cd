// @ts-check
import { argv } from 'node:process';
import { pathToFileURL } from 'node:url';

/**
 * The shape of core/src as data: which layer and which feature may import which. eslint.config.js
 * turns it into import zones, and feature-graph.test.ts keeps it equal to the diagram in
 * docs/architecture.md. To add a feature or an edge, change one line here and the diagram there.
 */

/**
 * Features under core/src/features/ and the features each may import (an arrow = "may import").
 * Must stay acyclic, and name only edges some import uses (import-usage.test.ts): an unused edge
 * would let a new coupling through unnoticed. Every feature may also import the shared layers
 * in `coreLayers.features`.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const featureGraph = {
  brand: [],
  flags: ['brand'],
  auth: [],
  customer: [],
  errors: ['brand'],
  push: [],
  photos: [],
  downloads: ['push', 'brand'],
  'print-order': ['photos', 'brand'],
  albums: ['photos'],
  uploads: ['photos', 'brand'],
  'photo-import': ['photos', 'push', 'brand'],
  'photo-actions': ['photos', 'downloads', 'albums', 'flags'],
  'photo-library': [
    'photos',
    'photo-actions',
    'albums',
    'uploads',
    'photo-import',
    'print-order',
    'flags',
    'brand',
    'auth',
  ],
  'photo-preview': ['photos', 'photo-actions', 'albums', 'brand'],
  confirmations: ['brand', 'errors'],
  consent: ['brand'],
  'support-widgets': ['brand'],
  settings: ['brand', 'auth', 'customer', 'consent'],
  orders: ['brand', 'auth'],
  invoices: ['brand'],
  'saved-projects': ['brand', 'auth'],
  widgets: ['brand', 'orders'],
  'account-overview': ['auth', 'orders'],
};

/**
 * The layers of core/src (folders relative to core/src) and the layers each may import, besides
 * itself. A layer listed here covers its sub-folders unless they are a layer of their own
 * (`api` allows `api/schemas` too; `api/schemas` itself is stricter). `features` and `app` are
 * special: `features/*` follow `featureGraph`, `app/` is the composition root and may import
 * everything, `testing/` may import everything but only test files may import it.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const coreLayers = {
  'api/schemas': [],
  api: ['api/schemas', 'lib', 'platform'],
  lib: [],
  platform: ['api/schemas', 'lib', 'transfer'],
  transfer: ['api/schemas', 'lib'],
  i18n: ['lib', 'platform', 'api'],
  store: ['api', 'lib', 'platform'],
  ui: ['api', 'lib', 'platform', 'i18n', 'store'],
  features: ['api', 'lib', 'platform', 'transfer', 'i18n', 'store', 'ui'],
  app: ['api', 'lib', 'platform', 'transfer', 'i18n', 'store', 'ui', 'features'],
  testing: ['api', 'lib', 'platform', 'transfer', 'i18n', 'store', 'ui', 'features', 'app'],
};

/** Files that may import core/src/testing: tests and test-only components. */
export const testFileGlobs = ['**/*.test.ts', '**/*.test.tsx', '**/*.testing.tsx'];

/**
 * The feature names in an order where every feature comes after the ones it may import; throws
 * when the graph names an unknown feature or has a cycle.
 * @param {Readonly<Record<string, readonly string[]>>} graph
 * @returns {string[]}
 */
export function topologicalOrder(graph) {
  /** @type {string[]} */
  const order = [];
  /** @type {Map<string, 'visiting' | 'done'>} */
  const state = new Map();
  /** @param {string} name @param {string[]} path */
  const visit = (name, path) => {
    if (!(name in graph)) {
      throw new Error(`feature graph: ${path.at(-1)} may import "${name}", which is not a feature`);
    }
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      throw new Error(`feature graph has a cycle: ${[...path, name].join(' -> ')}`);
    }
    state.set(name, 'visiting');
    for (const dep of graph[name] ?? []) visit(dep, [...path, name]);
    state.set(name, 'done');
    order.push(name);
  };
  for (const name of Object.keys(graph)) visit(name, []);
  return order;
}

/** @param {string} feature */
export const mermaidId = (feature) => feature.replaceAll('-', '_');

/**
 * The diagram for docs/architecture.md: one node per feature, one `a --> b` line per allowed import.
 * @param {Readonly<Record<string, readonly string[]>>} graph
 */
export function toMermaid(graph) {
  const lines = ['flowchart TD'];
  for (const name of Object.keys(graph)) lines.push(`  ${mermaidId(name)}[${name}]`);
  for (const [name, deps] of Object.entries(graph)) {
    for (const dep of deps) lines.push(`  ${mermaidId(name)} --> ${mermaidId(dep)}`);
  }
  return lines.join('\n');
}

/**
 * Reads the edges of a mermaid flowchart: node labels (`id[label]`, declared anywhere) replace
 * ids, so the result uses real feature names. Throws on lines it does not understand, so a
 * diagram cannot hold edges this check silently skips.
 * @param {string} text the flowchart, without the fence
 * @returns {{ direction: string, nodes: Set<string>, edges: Set<string> }} edges as "a --> b"
 */
export function parseMermaidFlowchart(text) {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('%%'));
  const header = /^(?:flowchart|graph)\s+(\w+)$/.exec(lines[0] ?? '');
  if (!header) throw new Error(`mermaid: expected "flowchart TD" first, found "${lines[0]}"`);
  const node = String.raw`([A-Za-z0-9_]+)(?:\[([^\]]+)\])?`;
  const nodeLine = new RegExp(`^${node}$`);
  const edgeLine = new RegExp(`^${node}\\s*-->\\s*${node}$`);
  /** @type {Map<string, string>} */
  const labels = new Map();
  /** @type {Array<[string, string]>} */
  const idEdges = [];
  /** @param {string} id @param {string | undefined} label */
  const declare = (id, label) => {
    const known = labels.get(id);
    if (label !== undefined && known !== undefined && known !== id && known !== label) {
      throw new Error(`mermaid: node ${id} has two labels, "${known}" and "${label}"`);
    }
    labels.set(id, label ?? known ?? id);
  };
  for (const line of lines.slice(1)) {
    const edge = edgeLine.exec(line);
    const single = edge ? null : nodeLine.exec(line);
    if (edge) {
      const [, from = '', fromLabel, to = '', toLabel] = edge;
      declare(from, fromLabel);
      declare(to, toLabel);
      idEdges.push([from, to]);
    } else if (single) {
      declare(single[1] ?? '', single[2]);
    } else {
      throw new Error(`mermaid: cannot read the line "${line}" (expected "a --> b" or "a[label]")`);
    }
  }
  const name = (/** @type {string} */ id) => labels.get(id) ?? id;
  return {
    direction: header[1] ?? '',
    nodes: new Set([...labels.keys()].map(name)),
    edges: new Set(idEdges.map(([from, to]) => `${name(from)} --> ${name(to)}`)),
  };
}

/**
 * The edges of the graph in the form parseMermaidFlowchart returns.
 * @param {Readonly<Record<string, readonly string[]>>} graph
 */
export const graphEdges = (graph) =>
  new Set(Object.entries(graph).flatMap(([name, deps]) => deps.map((dep) => `${name} --> ${dep}`)));

// `node tooling/lint/feature-graph.js` prints the diagram for docs/architecture.md.
if (argv[1] && import.meta.url === pathToFileURL(argv[1]).href) {
  console.info(['```mermaid', toMermaid(featureGraph), '```'].join('\n'));
}
