// @ts-check
import path from 'node:path';
import { importPath, importsOf, inOneCycle, repoRoot, resolveImport } from './import-graph.js';

/**
 * `photo/no-type-cycle`: an import cycle closed by a type-only import. `import-x/no-cycle` skips
 * type-only imports, so two files that import each other's types (or a value one way and a type
 * back) pass it; such a pair is one module cut in two, and the type usually belongs in a file
 * both import. Every import of the other direction counts here: static, dynamic and type. The
 * cycle is reported on each type-only import that closes it; cycles of values alone stay
 * `import-x/no-cycle`'s.
 * @type {import('eslint').Rule.RuleModule}
 */
const noTypeCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid a type-only import that closes an import cycle.' },
    schema: [],
    messages: {
      cycle:
        'Import cycle through a type-only import: {{route}}. Move the shared type into a file both ' +
        'import (docs/architecture.md, "Layers inside core/src"; tooling/lint/README.md).',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    /** @param {import('estree').Node} node @param {unknown} specifier */
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolveImport(specifier, file);
      if (!target || target === file) return;
      // The graph holds the files as saved. When the saved file has this import too (always under
      // `npm run lint`), one component lookup answers; otherwise (unsaved text, a virtual file)
      // the other direction is searched.
      const saved = importsOf(file).some((edge) => edge.target === target);
      const route = !saved || inOneCycle(file, target) ? importPath(target, file) : undefined;
      if (!route) return;
      context.report({
        node,
        messageId: 'cycle',
        data: {
          route: [file, ...route].map((step) => path.relative(repoRoot, step)).join(' -> '),
        },
      });
    };
    /** @param {{ importKind?: string, exportKind?: string }[]} specifiers @param {'importKind' | 'exportKind'} key */
    const allTypes = (specifiers, key) =>
      specifiers.length > 0 && specifiers.every((specifier) => specifier[key] === 'type');
    /** @type {import('eslint').Rule.RuleListener} */
    const listener = {
      ImportDeclaration(node) {
        const typed = /** @type {any} */ (node);
        if (typed.importKind === 'type' || allTypes(typed.specifiers, 'importKind'))
          check(node, node.source.value);
      },
      ExportNamedDeclaration(node) {
        const typed = /** @type {any} */ (node);
        if (
          node.source &&
          (typed.exportKind === 'type' || allTypes(typed.specifiers, 'exportKind'))
        )
          check(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        if (/** @type {any} */ (node).exportKind === 'type') check(node, node.source.value);
      },
    };
    // `import('…').Type` in a type position (typescript-eslint's node, not in ESTree's types).
    /** @type {any} */ (listener).TSImportType = (/** @type {any} */ node) =>
      check(node, node.argument?.literal?.value ?? node.source?.value);
    return listener;
  },
};

export const typeCyclePlugin = { rules: { 'no-type-cycle': noTypeCycle } };
