// @ts-check
import path from 'node:path';
import { importPath, importsInSource, repoRoot, resolveImport } from './import-graph.js';

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
    return {
      Program(program) {
        for (const { specifier, typeOnly, line } of importsInSource(
          file,
          context.sourceCode.text,
        )) {
          if (!typeOnly) continue;
          const target = resolveImport(specifier, file);
          if (!target || target === file) continue;
          const route = importPath(target, file);
          if (!route) continue;
          context.report({
            node: program,
            loc: { line, column: 0 },
            messageId: 'cycle',
            data: {
              route: [file, ...route].map((step) => path.relative(repoRoot, step)).join(' -> '),
            },
          });
        }
      },
    };
  },
};

export const typeCyclePlugin = { rules: { 'no-type-cycle': noTypeCycle } };
