// @ts-check
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import ts from 'typescript';

/**
 * The repository's own imports as a graph, resolved the way the lint resolves them (the same
 * TypeScript resolver and root tsconfig.json): relative paths, `@photo/*` workspace names,
 * `import()` and `import('…')` types. Type-only imports are edges too. Used by the type-cycle rule
 * (eslint.config.js) and by the tests that keep the feature graph and the server modules' public
 * files exact (only what the code uses).
 */

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** @typedef {{ target: string }} ImportEdge */

const resolver = createTypeScriptImportResolver({ project: path.join(repoRoot, 'tsconfig.json') });

/**
 * The file a specifier of `file` lands on, or undefined for packages and files outside the
 * repository's sources.
 * @param {string} specifier
 * @param {string} file absolute path
 */
export function resolveImport(specifier, file) {
  const result = resolver.resolve(specifier, file);
  const target = result.found ? result.path : undefined;
  if (!target || target.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
  return target;
}

/** @type {Map<string, ImportEdge[]>} */
const cache = new Map();

/**
 * The resolved imports of one of our files as saved, of every kind (cached for the process: the
 * lint and the tests read each file once).
 * @param {string} file absolute path
 * @returns {ImportEdge[]}
 */
export function importsOf(file) {
  const cached = cache.get(file);
  if (cached) return cached;
  /** @type {ImportEdge[]} */
  const edges = [];
  cache.set(file, edges);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return edges;
  }
  if (file.endsWith('.d.ts')) return edges;
  // TypeScript's import scanner: every `import`/`export … from`, `import()` and `import('…')`
  // type, without a full parse (a tenth of the time).
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    const target = resolveImport(fileName, file);
    if (target && target !== file) edges.push({ target });
  }
  return edges;
}

/**
 * A path of imports (of any kind) from `start` to `goal`, as the files along it, or undefined.
 * @param {string} start
 * @param {string} goal
 * @returns {string[] | undefined}
 */
export function importPath(start, goal) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    if (file === goal) {
      /** @type {string[]} */
      const route = [];
      for (let at = /** @type {string | null} */ (file); at !== null; at = cameFrom.get(at) ?? null)
        route.unshift(at);
      return route;
    }
    for (const { target } of importsOf(file)) {
      if (cameFrom.has(target)) continue;
      cameFrom.set(target, file);
      queue.push(target);
    }
  }
  return undefined;
}

/** Tarjan's bookkeeping, kept across calls: a finished strongly connected component is final. */
const tarjan = {
  next: 0,
  /** @type {Map<string, number>} */ index: new Map(),
  /** @type {Map<string, number>} */ low: new Map(),
  /** @type {string[]} */ stack: [],
  /** @type {Set<string>} */ onStack: new Set(),
  /** @type {Map<string, number>} */ component: new Map(),
};

/** @param {string} file */
function strongConnect(file) {
  tarjan.index.set(file, tarjan.next);
  tarjan.low.set(file, tarjan.next);
  tarjan.next += 1;
  tarjan.stack.push(file);
  tarjan.onStack.add(file);
  for (const { target } of importsOf(file)) {
    if (!tarjan.index.has(target)) {
      strongConnect(target);
      tarjan.low.set(file, Math.min(tarjan.low.get(file) ?? 0, tarjan.low.get(target) ?? 0));
    } else if (tarjan.onStack.has(target)) {
      tarjan.low.set(file, Math.min(tarjan.low.get(file) ?? 0, tarjan.index.get(target) ?? 0));
    }
  }
  if (tarjan.low.get(file) === tarjan.index.get(file)) {
    const id = tarjan.index.get(file) ?? 0;
    for (;;) {
      const member = /** @type {string} */ (tarjan.stack.pop());
      tarjan.onStack.delete(member);
      tarjan.component.set(member, id);
      if (member === file) break;
    }
  }
}

/**
 * Whether two files import each other, directly or through others (imports of every kind): the
 * same strongly connected component of the graph. One pass over the graph for the whole run,
 * instead of a search per import.
 * @param {string} first
 * @param {string} second
 */
export function inOneCycle(first, second) {
  for (const file of [first, second]) if (!tarjan.index.has(file)) strongConnect(file);
  return tarjan.component.get(first) === tarjan.component.get(second);
}

/**
 * The source files under a folder of the repository (absolute paths), tests included,
 * declarations excluded.
 * @param {string} folder relative to the repository root
 */
export function sourceFiles(folder) {
  const absolute = path.join(repoRoot, folder);
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(?:ts|tsx|js|mjs)$/.test(name) && !name.endsWith('.d.ts'))
    .filter((name) => !name.split(path.sep).includes('node_modules'))
    .map((name) => path.join(absolute, name));
}
