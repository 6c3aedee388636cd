// @ts-check
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import ts from 'typescript';

/**
 * The repository's own imports as a graph, resolved the way the lint resolves them (the same
 * TypeScript resolver and root tsconfig.json): relative paths, `@photo/*` workspace names,
 * `import()` and `import('…')` types. Type-only imports are edges too, marked as such. Used by
 * the type-cycle rule (eslint.config.js) and by the tests that keep the feature graph and the
 * server modules' public files exact (only what the code uses).
 */

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** @typedef {{ target: string, typeOnly: boolean, dynamic: boolean, line: number }} ImportEdge */

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

/**
 * Every import of a source text with its kind: `import type`, `export type … from` and imports
 * whose named bindings are all `type` are type-only, as are `import('…')` types; `import()` calls
 * are dynamic.
 * @param {string} fileName for the parser's language (ts or tsx)
 * @param {string} text
 * @returns {Array<{ specifier: string, typeOnly: boolean, dynamic: boolean, line: number }>}
 */
export function importsInSource(fileName, text) {
  const kind = /\.[cm]?jsx?$/.test(fileName)
    ? ts.ScriptKind.JS
    : fileName.endsWith('.tsx')
      ? ts.ScriptKind.TSX
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  /** @type {Array<{ specifier: string, typeOnly: boolean, dynamic: boolean, line: number }>} */
  const found = [];
  /** @param {ts.Node} node @param {string} specifier @param {boolean} typeOnly @param {boolean} dynamic */
  const add = (node, specifier, typeOnly, dynamic) =>
    found.push({
      specifier,
      typeOnly,
      dynamic,
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    });
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allNamedTypes =
        clause !== undefined &&
        clause.name === undefined &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly);
      add(node, node.moduleSpecifier.text, Boolean(clause?.isTypeOnly) || allNamedTypes, false);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const named = node.exportClause;
      const allNamedTypes =
        named !== undefined &&
        ts.isNamedExports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly);
      add(node, node.moduleSpecifier.text, node.isTypeOnly || allNamedTypes, false);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node, node.arguments[0].text, false, true);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node, node.argument.literal.text, true, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** @type {Map<string, ImportEdge[]>} */
const cache = new Map();

/**
 * The resolved imports of one of our files (cached for the process: the lint and the tests
 * read each file once).
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
  for (const { specifier, typeOnly, dynamic, line } of importsInSource(file, text)) {
    const target = resolveImport(specifier, file);
    if (target && target !== file) edges.push({ target, typeOnly, dynamic, line });
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
